import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { SuggestingSearchInput } from './title-suggestions.tsx';

/** The search page's own large search field (GET /search?keyword= → /search/{query}). */
export function SearchField({ defaultValue = '' }: { defaultValue?: string }) {
  const { t } = useTranslation();
  return (
    <Form method="get" action="/search" role="search" className="mb-8 flex max-w-2xl gap-2">
      <label htmlFor="search-page-field" className="sr-only">
        {t('header.search_label')}
      </label>
      <div className="min-w-0 flex-1">
        <SuggestingSearchInput
          id="search-page-field"
          defaultValue={defaultValue}
          placeholder={t('header.search_placeholder')}
          className="h-12 w-full rounded-full border-0 bg-zinc-100 px-5 text-base text-ink ring-1 ring-transparent outline-none placeholder:text-zinc-500 focus:bg-white focus:ring-2 focus:ring-brand-500"
        />
      </div>
      <button
        type="submit"
        className="h-12 shrink-0 rounded-full bg-ink px-6 text-sm font-bold text-white transition hover:bg-zinc-800"
      >
        {t('header.search_submit')}
      </button>
    </Form>
  );
}
