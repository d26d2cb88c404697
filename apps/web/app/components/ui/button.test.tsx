import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BUTTON_SIZES, BUTTON_VARIANTS, Button, buttonClassName } from './button.tsx';
import { ICON_NAMES, Icon } from './icon.tsx';

const classes = (look: Parameters<typeof buttonClassName>[0]) => buttonClassName(look).split(' ');

describe('buttonClassName', () => {
  it('draws every variant and size in one shape, with the named disabled colours', () => {
    for (const variant of BUTTON_VARIANTS.filter((v) => v !== 'link')) {
      for (const size of BUTTON_SIZES) {
        const list = classes({ variant, size });
        expect(list, `${variant} ${size}`).toEqual(
          expect.arrayContaining([
            'inline-flex',
            'rounded-full',
            'font-bold',
            'disabled:bg-zinc-200',
            'disabled:text-zinc-600',
          ]),
        );
        expect(
          list.filter((c) => /^h-\d+$/.test(c)),
          `${variant} ${size}`,
        ).toHaveLength(1);
      }
    }
  });

  it('sizes by height, with the padding and text of each', () => {
    expect(classes({ size: 'xs' })).toEqual(expect.arrayContaining(['h-8', 'px-3', 'text-xs']));
    expect(classes({ size: 'sm' })).toEqual(expect.arrayContaining(['h-9', 'px-4', 'text-sm']));
    expect(classes({ size: 'md' })).toEqual(expect.arrayContaining(['h-10', 'px-5']));
    expect(classes({ size: 'lg' })).toEqual(expect.arrayContaining(['h-11', 'px-5']));
    expect(classes({ size: 'xl' })).toEqual(expect.arrayContaining(['h-12', 'px-5']));
    expect(classes({ size: 'lg', wide: true })).toEqual(expect.arrayContaining(['h-11', 'px-6']));
    expect(classes({ size: 'lg', wide: true })).not.toContain('px-5');
  });

  it('gives larger primary buttons the brand shadow, and only primary ones', () => {
    expect(classes({ variant: 'primary', size: 'sm' }).filter((c) => c.startsWith('shadow'))).toEqual([]);
    expect(classes({ variant: 'primary', size: 'md' })).toContain('shadow-sm');
    expect(classes({ variant: 'primary', size: 'xl' })).toEqual(
      expect.arrayContaining(['shadow-lg', 'shadow-brand-500/25']),
    );
    expect(classes({ variant: 'neutral', size: 'xl' }).filter((c) => /^shadow-/.test(c))).toEqual([]);
  });

  it('a link variant reads as a link (no button shape); block and layout classes come last', () => {
    expect(buttonClassName({ variant: 'link' })).toBe(
      'font-bold text-brand-600 underline hover:text-brand-700 disabled:cursor-not-allowed disabled:text-zinc-600 text-sm',
    );
    expect(
      buttonClassName({ variant: 'secondary', size: 'sm', block: true, className: 'mt-6' }).endsWith(' w-full mt-6'),
    ).toBe(true);
  });
});

describe('Button', () => {
  it('is a plain button unless told to submit', () => {
    expect(renderToStaticMarkup(<Button>Go</Button>)).toMatch(/^<button type="button" class="[^"]+">Go<\/button>$/);
    expect(renderToStaticMarkup(<Button type="submit">Go</Button>)).toContain('type="submit"');
  });

  it('while busy: disabled, aria-busy, a spinner and the busy label in place of the words', () => {
    const html = renderToStaticMarkup(
      <Button busy busyLabel="Posting…">
        Post
      </Button>,
    );
    expect(html).toContain('disabled=""');
    expect(html).toContain('aria-busy="true"');
    expect(html).toMatch(
      /<span class="size-4 shrink-0 animate-spin[^"]*" aria-hidden="true"><\/span>Posting…<\/button>$/,
    );
    expect(html).not.toContain('>Post<');
    // Without a busy label the words stay, beside the spinner.
    expect(renderToStaticMarkup(<Button busy>Retry</Button>)).toMatch(/<\/span>Retry<\/button>$/);
  });

  it('disabled without being busy: no aria-busy, no spinner', () => {
    const html = renderToStaticMarkup(<Button disabled>Post</Button>);
    expect(html).toContain('disabled=""');
    expect(html).not.toContain('aria-busy');
    expect(html).not.toContain('animate-spin');
  });
});

describe('Icon', () => {
  it('draws every icon as a decorative svg in currentColor', () => {
    for (const name of ICON_NAMES) {
      const html = renderToStaticMarkup(<Icon name={name} />);
      expect(html, name).toMatch(
        /^<svg viewBox="0 0 (16 16|20 20|24 24)" class="size-5" aria-hidden="true" focusable="false"/,
      );
      expect(html, name).toContain('currentColor');
    }
  });

  it('fills a heart that is on, and passes other attributes through', () => {
    expect(renderToStaticMarkup(<Icon name="heart" />)).toContain('fill="none"');
    expect(renderToStaticMarkup(<Icon name="heart" filled />)).toContain('fill="currentColor"');
    expect(renderToStaticMarkup(<Icon name="arrowRight" data-testid="breadcrumb-separator" />)).toContain(
      'data-testid="breadcrumb-separator"',
    );
  });
});
