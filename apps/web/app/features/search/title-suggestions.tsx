import { suggestTitles } from '@manga/api-client';
import type { SearchSuggestion } from '@manga/contracts';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { browserApi } from '#app/client/browser-api.ts';
import { imageUrlThrough } from '#app/features/catalogue/image-url.ts';
import { titleHref } from '#app/features/catalogue/title-view.ts';
import { useRootData } from '#app/root-data.ts';
import { MAX_KEYWORD_LENGTH } from './search-view.ts';

/** Quiet time after a keystroke before suggestions are asked for. */
const SUGGEST_DEBOUNCE_MS = 150;

/**
 * A search box that suggests titles as the reader types (issue 24; GET /search/title/suggest, which
 * tolerates a typo): the ARIA combobox pattern, a listbox under the field, arrows to move, Enter to
 * open the title, Escape to close. Without JavaScript, or with no suggestion chosen, the form
 * submits the keyword to /search as before.
 */
export function SuggestingSearchInput({
  id,
  defaultValue,
  className,
  placeholder,
  size = 'page',
}: {
  id: string;
  defaultValue: string;
  className: string;
  placeholder: string;
  size?: 'header' | 'page';
}) {
  const { t } = useTranslation();
  const root = useRootData();
  const navigate = useNavigate();
  const listId = useId();
  const [value, setValue] = useState(defaultValue);
  const [suggestions, setSuggestions] = useState<SearchSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const asked = useRef(0);

  useEffect(() => setValue(defaultValue), [defaultValue]);

  useEffect(() => {
    const keyword = value.trim();
    if (!root || keyword === '' || keyword === defaultValue.trim()) {
      setSuggestions([]);
      return;
    }
    const call = ++asked.current;
    const timer = setTimeout(() => {
      suggestTitles(browserApi(root), { keyword: keyword.slice(0, MAX_KEYWORD_LENGTH) })
        .then((answer) => {
          if (call !== asked.current) return;
          setSuggestions(answer.suggestion_list);
          setActive(-1);
        })
        .catch(() => {
          // Suggestions are a help, never in the way: the form still searches.
          if (call === asked.current) setSuggestions([]);
        });
    }, SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, root, defaultValue]);

  const shown = open && suggestions.length > 0;
  const choose = (suggestion: SearchSuggestion) => {
    setOpen(false);
    navigate(titleHref(suggestion.title_id));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the field itself: past the last suggestion the arrows come back to what was typed.
      setActive((current) => {
        const next = current + step;
        if (next >= suggestions.length) return -1;
        return next < -1 ? suggestions.length - 1 : next;
      });
      return;
    }
    if (event.key === 'Enter' && shown && active >= 0) {
      const suggestion = suggestions[active];
      if (!suggestion) return;
      event.preventDefault();
      choose(suggestion);
      return;
    }
    if (event.key === 'Escape' && shown) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <div className="relative">
      <input
        id={id}
        name="keyword"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        enterKeyHint="search"
        autoComplete="off"
        maxLength={MAX_KEYWORD_LENGTH}
        className={className}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={t('search.suggestions_label')}
        hidden={!shown}
        className={`absolute inset-x-0 top-full z-50 mt-2 max-h-96 overflow-y-auto rounded-2xl bg-white p-1.5 text-left shadow-xl ring-1 ring-black/10 ${size === 'header' ? 'min-w-72' : ''}`}
        data-testid="search-suggestions"
      >
        {suggestions.map((suggestion, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's field takes the keys (aria-activedescendant)
          <div
            key={suggestion.title_id}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            // Keep the focus in the field: the click chooses, the blur would close first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(suggestion)}
            className={`flex cursor-pointer items-center gap-3 rounded-xl px-2.5 py-2 ${index === active ? 'bg-brand-50 ring-1 ring-brand-200' : 'hover:bg-zinc-100'}`}
            data-testid="search-suggestion"
          >
            <img
              src={imageUrlThrough(root?.apiPrefix ?? '/api', suggestion.thumbnail_image_url)}
              alt=""
              width={40}
              height={40}
              className="size-10 shrink-0 rounded-lg object-cover ring-1 ring-black/5"
            />
            <span className="min-w-0">
              <span className="block truncate text-sm font-bold text-ink">{suggestion.title_name}</span>
              <span className="block truncate text-xs text-zinc-500">{suggestion.author_text}</span>
            </span>
          </div>
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {shown ? t('search.suggestions_count', { count: suggestions.length }) : ''}
      </p>
    </div>
  );
}
