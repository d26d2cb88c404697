import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SERVICE_NAME } from '#app/brand.ts';
import { PageFrame } from '#app/components/ui/page-frame.tsx';

export type ArticleName = 'help' | 'terms-of-service' | 'privacy-policy' | 'abj' | 'cal-bus-and-prof-code';

interface ArticleSection {
  heading: string;
  body: string[];
}

/** Section anchors are positional, so a link works in either language. */
function slug(index: number): string {
  return `section-${index + 1}`;
}

function Sections({ sections, idPrefix }: { sections: readonly ArticleSection[]; idPrefix: string }) {
  return (
    <>
      {sections.map((section, index) => (
        <section key={section.heading} id={`${idPrefix}${slug(index)}`} className="scroll-mt-24">
          <h2 className="text-lg font-bold tracking-tight text-ink sm:text-xl">{section.heading}</h2>
          {section.body.map((paragraph) => (
            <p key={paragraph} className="mt-3 text-[15px] leading-7 text-zinc-700">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </>
  );
}

/** One of the /article pages: the text comes from en.json / ja.json. */
export function ArticleView({ name }: { name: ArticleName }) {
  const { t } = useTranslation();
  const values = { name: SERVICE_NAME };
  const sections = t(`articles.${name}.sections`, { ...values, returnObjects: true }) as ArticleSection[];
  const toc = sections.map((section, index) => ({ id: slug(index), label: section.heading }));
  return (
    <PageFrame title={t(`articles.${name}.title`, values)} lead={t(`articles.${name}.lead`, values)}>
      <div className="grid gap-10 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <nav aria-label={t('articles.toc')} className="hidden lg:block">
          <div className="sticky top-24">
            <p className="text-xs font-bold tracking-wider text-zinc-500 uppercase">{t('articles.toc')}</p>
            <ul className="mt-3 space-y-2 border-l border-zinc-200 text-sm">
              {toc.map((entry) => (
                <li key={entry.id}>
                  <Link
                    to={{ hash: entry.id }}
                    preventScrollReset
                    className="-ml-px block border-l border-transparent pl-4 text-zinc-600 hover:border-brand-500 hover:text-ink"
                  >
                    {entry.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </nav>
        <article className="max-w-3xl space-y-9">
          <Sections sections={sections} idPrefix="" />
        </article>
      </div>
    </PageFrame>
  );
}
