import { NG_WORD_MAX_LENGTH, NgWordMatch, normalizeSearchText } from '@manga/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { FieldErrorText } from '#app/components/ui/form-error.tsx';
import type { NgWordsData, NgWordView, OpsActionResult } from './ops.ts';
import {
  ActionFeedback,
  ChoiceCard,
  DisclosedRemoval,
  EmptyList,
  FormBesideList,
  FormPanel,
  fieldClass,
  OpsFrame,
  ReasonField,
  SubmitButton,
  settledResult,
  useFormatTime,
} from './ops-frame.tsx';

function AddWordForm() {
  const { t } = useTranslation();
  const fetcher = useFetcher<OpsActionResult>();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const result = settledResult(fetcher);
  const wordError = result?.status === 'invalid' && result.error.field === 'word' ? result.error.key : undefined;
  const [word, setWord] = useState('');

  // A word that was added leaves the field empty for the next one.
  useEffect(() => {
    if (result?.status === 'done') {
      formRef.current?.reset();
      setWord('');
    }
  }, [result]);

  const normalized = normalizeSearchText(word);
  return (
    <FormPanel heading={t('ops.ngwords.add_heading')} lead={t('ops.ngwords.add_lead')}>
      <fetcher.Form ref={formRef} method="post" className="mt-4 grid gap-4" data-testid="ops-ngword-add">
        <input type="hidden" name="intent" value="add_word" />
        <div>
          <label htmlFor={`${id}-word`} className="block text-xs font-bold text-zinc-700">
            {t('ops.ngwords.word')}
          </label>
          <input
            id={`${id}-word`}
            name="word"
            required
            maxLength={NG_WORD_MAX_LENGTH}
            autoComplete="off"
            value={word}
            onChange={(event) => setWord(event.target.value)}
            aria-invalid={wordError ? true : undefined}
            aria-describedby={`${id}-normalized${wordError ? ` ${id}-word-error` : ''}`}
            className={`${fieldClass} mt-1 h-10`}
          />
          <p id={`${id}-normalized`} className="mt-1 text-xs text-zinc-500">
            {normalized ? t('ops.ngwords.matched_as', { normalized }) : t('ops.ngwords.normalization_hint')}
          </p>
          <FieldErrorText id={`${id}-word-error`} error={wordError} />
        </div>
        <fieldset>
          <legend className="text-xs font-bold text-zinc-700">{t('ops.ngwords.match_type')}</legend>
          <div className="mt-1.5 grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
            {[NgWordMatch.Part, NgWordMatch.Word].map((type) => (
              <ChoiceCard
                key={type}
                name="match_type"
                value={type}
                defaultChecked={type === NgWordMatch.Part}
                label={t(`ops.ngwords.types.${type}`)}
                hint={t(`ops.ngwords.types.${type}_hint`)}
              />
            ))}
          </div>
        </fieldset>
        <ReasonField id={`${id}-reason`} required={false} result={result} />
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton busy={fetcher.state !== 'idle'}>{t('ops.ngwords.add_submit')}</SubmitButton>
          <ActionFeedback result={result} doneKey="ops.ngwords.added" />
        </div>
      </fetcher.Form>
    </FormPanel>
  );
}

function RemoveWordForm({ word }: { word: NgWordView }) {
  const { t } = useTranslation();
  return (
    <DisclosedRemoval
      label={t('ops.ngwords.remove')}
      testId="ops-ngword-remove"
      intent="remove_word"
      fields={{ ng_word_id: word.id }}
      body={t('ops.ngwords.remove_body', { word: word.word })}
      submitLabel={t('ops.ngwords.remove_submit')}
      doneKey="ops.ngwords.removed"
    />
  );
}

/** The NG word list (`/ops/ngwords`): add a word, see how it is matched, remove one. */
export function OpsNgWordsScreen({ list }: { list: NgWordsData }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const id = useId();
  const [filter, setFilter] = useState('');
  const needle = normalizeSearchText(filter);
  const shown = needle
    ? list.words.filter((word) => word.normalized.includes(needle) || word.word.includes(filter.trim()))
    : list.words;
  return (
    <OpsFrame screen="ngWords" operator={list.operator}>
      <FormBesideList form={<AddWordForm />}>
        <section aria-labelledby={`${id}-list`}>
          <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
            <h2 id={`${id}-list`} className="text-lg font-extrabold text-ink">
              {t('ops.ngwords.list_heading', { count: list.words.length })}
            </h2>
            <div className="w-full sm:w-64">
              <label htmlFor={`${id}-filter`} className="sr-only">
                {t('ops.ngwords.filter')}
              </label>
              <input
                id={`${id}-filter`}
                type="search"
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
                placeholder={t('ops.ngwords.filter')}
                className={`${fieldClass} h-10`}
              />
            </div>
          </div>
          {shown.length === 0 ? (
            <EmptyList>{t(list.words.length === 0 ? 'ops.ngwords.empty' : 'ops.ngwords.no_match')}</EmptyList>
          ) : (
            <ul
              className="divide-y divide-zinc-100 rounded-2xl border border-zinc-200 bg-white"
              data-testid="ops-ngwords"
            >
              {shown.map((word) => (
                <li
                  key={word.id}
                  className="flex flex-col gap-3 px-4 py-3.5 sm:flex-row sm:items-start sm:gap-4 sm:px-5"
                  data-testid="ops-ngword"
                >
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="text-base font-bold break-all text-ink" data-testid="ops-ngword-word">
                        {word.word}
                      </span>
                      <span
                        className={`rounded-full px-2 py-0.5 text-[11px] font-bold ${
                          word.matchType === NgWordMatch.Word
                            ? 'bg-violet-50 text-violet-800 ring-1 ring-violet-200'
                            : 'bg-zinc-100 text-zinc-700 ring-1 ring-zinc-200'
                        }`}
                      >
                        {t(`ops.ngwords.types.${word.matchType}`)}
                      </span>
                    </p>
                    <p className="mt-0.5 text-xs text-zinc-500">
                      {t('ops.ngwords.matched_as', { normalized: word.normalized })}
                      {word.addedAt ? ` · ${t('ops.ngwords.added_at', { time: formatTime(word.addedAt) })}` : ''}
                    </p>
                  </div>
                  <RemoveWordForm word={word} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </FormBesideList>
    </OpsFrame>
  );
}
