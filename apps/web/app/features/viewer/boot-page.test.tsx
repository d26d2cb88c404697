import { runInNewContext } from 'node:vm';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CspNonceContext } from '#app/csp-nonce.ts';
import { BootPageLayer, bootScript, FIRST_PAGE_MARK } from './boot-page.tsx';
import { descramblePlan } from './descramble.ts';
import { bootPageOf } from './viewer.server.ts';

const episode = { titleId: 10072, episodeId: 311334, scrambleSeed: 'r7yw738iu3', scrambleVer: 1 };
const page = { url: 'http://api.test/images/episodes/1/001.jpg?expires=1&sig=a', width: 768, height: 1088 };

/** Runs the boot script against a fake canvas and image; answers the draw calls and marks. */
async function runBoot(script: string, natural = { width: 768, height: 1088 }) {
  const draws: number[][] = [];
  const marks: string[] = [];
  const canvas = {
    dataset: {} as Record<string, string>,
    getContext: () => ({ drawImage: (_image: unknown, ...args: number[]) => draws.push(args) }),
  };
  class FakeImage {
    crossOrigin = '';
    src = '';
    naturalWidth = natural.width;
    naturalHeight = natural.height;
    decode() {
      return Promise.resolve();
    }
  }
  runInNewContext(script, {
    document: { getElementById: (id: string) => (id === 'boot' ? canvas : null) },
    Image: FakeImage,
    requestAnimationFrame: (callback: () => void) => callback(),
    performance: {
      getEntriesByName: (name: string) => marks.filter((mark) => mark === name),
      mark: (name: string) => marks.push(name),
    },
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { draws, marks, canvas };
}

describe('the boot page', () => {
  it('carries the same tile copies as the reader canvas uses', () => {
    const boot = bootPageOf(page, episode);
    const plan = descramblePlan(episode, 768, 1088);
    expect(boot?.copies).toEqual(plan.map((r) => [r.sx, r.sy, r.dx, r.dy, r.w, r.h]));
    expect(bootPageOf(undefined, episode)).toBeUndefined();
  });

  it('draws the whole image, then every tile where it belongs, and marks the first page painted', async () => {
    const boot = bootPageOf(page, episode);
    if (!boot) throw new Error('no boot page');
    const { draws, marks, canvas } = await runBoot(bootScript(boot, 'boot'));
    expect(draws[0]).toEqual([0, 0]);
    expect(draws.slice(1)).toEqual(boot.copies.map(([sx, sy, dx, dy, w, h]) => [sx, sy, w, h, dx, dy, w, h]));
    expect(canvas.dataset.state).toBe('drawn');
    expect(marks).toEqual([FIRST_PAGE_MARK]);
  });

  it('draws nothing when the image is not the size the server expected', async () => {
    const boot = bootPageOf(page, episode);
    if (!boot) throw new Error('no boot page');
    const { draws, marks } = await runBoot(bootScript(boot, 'boot'), { width: 800, height: 1088 });
    expect([draws, marks]).toEqual([[], []]);
  });

  it('keeps any value from closing the script element', () => {
    const boot = bootPageOf({ ...page, url: 'http://x.test/</script><script>alert(1)</script>' }, episode);
    if (!boot) throw new Error('no boot page');
    const script = bootScript(boot, 'boot');
    expect(script).not.toContain('</script>');
    expect(script).toContain('\\u003c/script>');
  });

  it("carries the page's CSP nonce, so the policy lets it run (ADR 015)", () => {
    const boot = bootPageOf(page, episode);
    if (!boot) throw new Error('no boot page');
    const html = renderToStaticMarkup(
      <CspNonceContext.Provider value="bm9uY2Utb2YtdGhpcy1wYWdl">
        <BootPageLayer boot={boot} />
      </CspNonceContext.Provider>,
    );
    expect(html).toMatch(/<script nonce="bm9uY2Utb2YtdGhpcy1wYWdl">\(function\(\)\{/);
  });
});
