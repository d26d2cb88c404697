import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { visitorMiddleware } from './visitor-context.server.ts';

/** Where the language switch (`?lang=`) sends the visitor back to. */
async function locationAfterLanguageSwitch(target: string): Promise<string | null> {
  const url = new URL(target);
  try {
    await visitorMiddleware(
      { request: new Request(url), url, context: new RouterContextProvider(), params: {}, pattern: '' } as never,
      async () => new Response('page'),
    );
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('location');
    throw thrown;
  }
  return null;
}

describe('the language switch sends the visitor back to the same page, on the site', () => {
  it('keeps the path, the rest of the query and the hash', async () => {
    expect(await locationAfterLanguageSwitch('http://127.0.0.1:3240/title/10001?lang=en&comments=2')).toBe(
      '/title/10001?comments=2',
    );
  });

  it('never to another host, whatever the path (issue 22 item 3)', async () => {
    for (const path of ['//evil.example/x', '///evil.example', '/.//evil.example', '/%2e//evil.example']) {
      const location = await locationAfterLanguageSwitch(`http://127.0.0.1:3240${path}?lang=en`);
      expect(location, path).toMatch(/^\/(?![/\\])/);
      expect(new URL(location ?? '', 'http://127.0.0.1:3240').origin, path).toBe('http://127.0.0.1:3240');
    }
  });
});
