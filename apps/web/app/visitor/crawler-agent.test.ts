import { isbot } from 'isbot';
import { describe, expect, it } from 'vitest';
import { isCrawlerAgent } from './crawler-agent.ts';

const AGENTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  'curl/8.5.0',
  'Twitterbot/1.0',
];

describe('isCrawlerAgent', () => {
  it('answers as isbot, the first time and every time after', () => {
    for (let round = 0; round < 3; round++) {
      for (const agent of AGENTS) expect(isCrawlerAgent(agent), agent).toBe(isbot(agent));
    }
    expect(AGENTS.map((agent) => isCrawlerAgent(agent))).toEqual([true, false, false, true, true, true]);
  });

  it('asks isbot for agents it does not keep: none, empty, or too long to keep', () => {
    expect(isCrawlerAgent(null)).toBe(false);
    expect(isCrawlerAgent(undefined)).toBe(false);
    expect(isCrawlerAgent('')).toBe(false);
    const longBrowser = `${AGENTS[1]} ${'x'.repeat(600)}`;
    const longCrawler = `${AGENTS[0]} ${'x'.repeat(600)}`;
    expect(isCrawlerAgent(longBrowser)).toBe(isbot(longBrowser));
    expect(isCrawlerAgent(longCrawler)).toBe(true);
  });

  it('keeps answering right past the number of agents it keeps', () => {
    for (let n = 0; n < 2_500; n++) {
      const agent = n % 2 === 0 ? `Mozilla/5.0 (Windows NT 10.0) Chrome/${n}.0 Safari/537.36` : `ExampleBot/${n}.0`;
      expect(isCrawlerAgent(agent)).toBe(isbot(agent));
    }
    for (const agent of AGENTS) expect(isCrawlerAgent(agent)).toBe(isbot(agent));
  });
});
