import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';

/** User agents whose answer is kept: the agents of a day's visitors and crawlers are a few hundred. */
const KEPT_AGENTS = 2_000;
/** Longer agents are asked each time (a header can be kilobytes; they would crowd out the rest). */
const MAX_KEPT_AGENT_LENGTH = 512;

// Made on first use, so that a module that only imports this file (the browser's) holds no cache.
let kept: LRUCache<string, boolean> | undefined;

/**
 * Whether `userAgent` is a crawler's (isbot), its answer kept per agent: isbot tests one long
 * pattern, and every request of a page-cache hit asks, mostly for the same few agents.
 */
export function isCrawlerAgent(userAgent: string | null | undefined): boolean {
  if (!userAgent || userAgent.length > MAX_KEPT_AGENT_LENGTH) return isbot(userAgent);
  kept ??= new LRUCache<string, boolean>({ max: KEPT_AGENTS });
  let answer = kept.get(userAgent);
  if (answer === undefined) {
    answer = isbot(userAgent);
    kept.set(userAgent, answer);
  }
  return answer;
}
