import { isWireDateTime } from '@manga/contracts';
import { describe, expect, it } from 'vitest';
import { productionServer } from './entry.server.tsx';
import { env } from './env.server.ts';

describe('productionServer', () => {
  it('hands the production server the env the app parsed, not a second reading of process.env', () => {
    expect(productionServer.env).toBe(env);
  });

  it('stamps its own error answers with a wire time', () => {
    expect(isWireDateTime(productionServer.serverTime())).toBe(true);
  });
});
