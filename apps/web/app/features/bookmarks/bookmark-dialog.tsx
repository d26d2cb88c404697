import { type ApiClient, addBookmark, responseCodeOf } from '@manga/api-client';
import { BOOKMARK_NOTE_MAX_LENGTH, responseCodeMessageKey } from '@manga/contracts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalFocus } from '#app/components/ui/modal.tsx';

/** The viewer's "bookmark this page" dialog (button or `b`, ADR 044): an optional note, then saved with the account. */
export function BookmarkDialog({
  api,
  episodeId,
  page,
  onClose,
}: {
  api: ApiClient;
  episodeId: number;
  /** 1-based page to bookmark. */
  page: number;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const panelRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'saving' } | { kind: 'error'; message: string }>({
    kind: 'idle',
  });
  useModalFocus(panelRef, true, () => onClose(false));
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-ink/70 p-4 backdrop-blur-sm" data-no-gestures>
      <form
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        tabIndex={-1}
        data-testid="bookmark-dialog"
        className="w-full max-w-sm rounded-2xl bg-white p-5 text-ink shadow-2xl"
        onSubmit={(event) => {
          event.preventDefault();
          if (state.kind === 'saving') return;
          setState({ kind: 'saving' });
          addBookmark(api, { episode_id: episodeId, page, note })
            .then(() => onClose(true))
            .catch((error: unknown) =>
              setState({ kind: 'error', message: t(responseCodeMessageKey(responseCodeOf(error))) }),
            );
        }}
      >
        <h2 id={headingId} className="text-lg font-bold">
          {t('reader_features.bookmark.dialog_title', { page })}
        </h2>
        <label htmlFor={noteId} className="mt-4 block text-sm font-semibold">
          {t('reader_features.bookmark.note_label')}
        </label>
        <textarea
          id={noteId}
          data-autofocus
          value={note}
          maxLength={BOOKMARK_NOTE_MAX_LENGTH}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
          placeholder={t('reader_features.bookmark.note_placeholder')}
          className="mt-1 w-full rounded-lg border border-zinc-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          data-testid="bookmark-note"
        />
        <p className="mt-1 text-right text-xs text-zinc-600 tabular-nums">
          {[...note].length}/{BOOKMARK_NOTE_MAX_LENGTH}
        </p>
        {state.kind === 'error' ? (
          <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
            {state.message}
          </p>
        ) : null}
        <div className="mt-4 flex justify-end gap-2">
          <button
            type="button"
            onClick={() => onClose(false)}
            className="rounded-full px-4 py-2 text-sm font-semibold text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {t('reader_features.cancel')}
          </button>
          <button
            type="submit"
            disabled={state.kind === 'saving'}
            className="rounded-full bg-brand-600 px-4 py-2 text-sm font-bold text-white hover:bg-brand-700 disabled:bg-zinc-200 disabled:text-zinc-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            data-testid="bookmark-save"
          >
            {t('reader_features.bookmark.save')}
          </button>
        </div>
      </form>
    </div>
  );
}
