import { useCspNonce } from '#app/csp-nonce.ts';
import type { BootPage } from './viewer.ts';

/** The performance mark of the first page on screen (read by `npm run bench:viewer`). */
export const FIRST_PAGE_MARK = 'manga:first-page-painted';

/**
 * The script that draws the start page as soon as its image (preloaded with the HTML) is decoded,
 * before the app's scripts have loaded: the whole image, then each tile copy the server worked out.
 * Generic drawing only; the permutation stays in contracts. Values are JSON with `<` escaped, so
 * nothing in them can close the script element.
 */
export function bootScript(boot: BootPage, canvasId: string): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return `(function(){var c=document.getElementById(${json(canvasId)});if(!c||!c.getContext)return;var b=${json(boot)},i=new Image();i.crossOrigin='anonymous';i.src=b.url;i.decode().then(function(){if(i.naturalWidth!==b.width||i.naturalHeight!==b.height||c.dataset.state)return;var x=c.getContext('2d');x.drawImage(i,0,0);b.copies.forEach(function(r){x.drawImage(i,r[0],r[1],r[4],r[5],r[2],r[3],r[4],r[5])});c.dataset.state='drawn';requestAnimationFrame(function(){if(!performance.getEntriesByName(${json(FIRST_PAGE_MARK)}).length)performance.mark(${json(FIRST_PAGE_MARK)})})}).catch(function(){})})();`;
}

const BOOT_CANVAS_ID = 'reader-boot-page';

/**
 * The start page drawn by an inline script while the app loads (ADR 016), fitted to the window like
 * the reader's own page; the reader takes over once it has drawn the page itself. Hidden from
 * assistive technology: the reader's own canvas is the page. The script carries the page's CSP
 * nonce (ADR 015); the browser, which hides nonces from the DOM, hydrates it without one.
 */
export function BootPageLayer({ boot }: { boot: BootPage }) {
  const nonce = useCspNonce();
  return (
    <div className="pointer-events-none absolute inset-0 grid place-items-center" aria-hidden="true">
      <canvas
        id={BOOT_CANVAS_ID}
        width={boot.width}
        height={boot.height}
        className="max-h-full max-w-full"
        data-testid="reader-boot-page"
      />
      <script
        nonce={nonce}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own script with JSON-escaped data (bootScript).
        dangerouslySetInnerHTML={{ __html: bootScript(boot, BOOT_CANVAS_ID) }}
      />
    </div>
  );
}
