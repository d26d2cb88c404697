import { describe, expect, it } from 'vitest';
import { errorDestination, isHandledInMode, notFoundMessage } from './error-routing.ts';

describe('error routing', () => {
  it('sends maintenance to /maintenance everywhere, including local development', () => {
    expect(errorDestination(1098, true)).toBe('/maintenance');
    expect(errorDestination(1098, false)).toBe('/maintenance');
  });

  it('sends other codes to /error/{code} outside local development only', () => {
    expect(errorDestination(1099, true)).toBe('/error/1099');
    expect(errorDestination(3000, true)).toBe('/error/3000');
    expect(errorDestination(1, true)).toBe('/error/1');
    expect(errorDestination(1099, false)).toBeUndefined();
  });

  it('applies the strict, no-maintenance-check and disabled modes', () => {
    expect(isHandledInMode(1098, 'strict')).toBe(true);
    expect(isHandledInMode(2011, 'strict')).toBe(true);
    expect(isHandledInMode(1098, 'no-maintenance-check')).toBe(false);
    expect(isHandledInMode(2011, 'no-maintenance-check')).toBe(true);
    expect(isHandledInMode(1098, 'disabled')).toBe(false);
    expect(isHandledInMode(1099, 'disabled')).toBe(false);
  });

  it('words the not-found message as product §2 does', () => {
    expect(notFoundMessage('/title/1234')).toBe('Page Not Found: /title/1234');
  });
});
