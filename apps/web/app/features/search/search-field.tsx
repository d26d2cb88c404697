import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { MAX_KEYWORD_LENGTH } from './search-view.ts';

/** The search page's own large search field (GET /search?keyword= → /search/{query}). */
export function SearchField({ defaultValue = '' }: { defaultValue?: string }) {
  const { t } = useTranslation();
  return (
    <Form method="get" action="/search" role="search" className="mb-8 flex max-w-2xl gap-2">
      <label htmlFor="search-page-field" className="sr-only">
        {t('header.search_label')}
      </label>
      <input
        id="search-page-field"
        key={defaultValue}
        name="keyword"
        type="search"
        defaultValue={defaultValue}
        placeholder={t('header.search_placeholder')}
        enterKeyHint="search"
        autoComplete="off"
        maxLength={MAX_KEYWORD_LENGTH}
        className="h-12 min-w-0 flex-1 rounded-full border-0 bg-zinc-100 px-5 text-base text-ink ring-1 ring-transparent outline-none placeholder:text-zinc-500 focus:bg-white focus:ring-2 focus:ring-brand-500"
      />
      <button
        type="submit"
        className="h-12 shrink-0 rounded-full bg-ink px-6 text-sm font-bold text-white transition hover:bg-zinc-800"
      >
        {t('header.search_submit')}
      </button>
    </Form>
  );
}
