import { TITLE_AUTHOR_MAX_LENGTH, TITLE_DESCRIPTION_MAX_LENGTH, TITLE_NAME_MAX_LENGTH } from '@manga/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { Button } from '#app/components/ui/button.tsx';
import { ChaptersPanel } from './chapters-panel.tsx';
import {
  AGE_RATING_OPTIONS,
  type EditorialActionResult,
  READING_DIRECTION_OPTIONS,
  type TitleEditorData,
  tagsText,
} from './editorial.ts';
import { EditorialFrame, inputClass, WeekdayOptions } from './editorial-frame.tsx';
import { Feedback, Field } from './field.tsx';
import { PublishPanel } from './publish-panel.tsx';
import { TitleArtPanel } from './title-art-panel.tsx';

// `/ops/catalogue/new` and `/ops/catalogue/:titleId`: a title's names, credits, description,
// classification and schedule; its publication; its cover art (issue 26, ADR 046).

export function TitleEditorScreen({ data }: { data: TitleEditorData }) {
  const { t } = useTranslation();
  const { title } = data;
  const heading = title ? title.name_en || title.name_ja : t('editorial.new_title.title');
  return (
    <EditorialFrame
      title={heading}
      lead={title ? t('editorial.edit_title.lead', { id: title.title_id }) : t('editorial.new_title.lead')}
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <TitleForm data={data} />
        {title ? (
          <div className="grid gap-6">
            <PublishPanel title={title} wireTimeZone={data.wireTimeZone} />
            <TitleArtPanel title={title} />
          </div>
        ) : null}
      </div>
      {title ? (
        <div className="mt-6">
          <ChaptersPanel title={title} episodes={data.episodes} wireTimeZone={data.wireTimeZone} />
        </div>
      ) : null}
    </EditorialFrame>
  );
}

function TextField({
  name,
  label,
  value,
  maxLength,
  required,
  lang,
}: {
  name: string;
  label: string;
  value: string;
  maxLength: number;
  required?: boolean;
  lang?: string;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <input
          {...control}
          name={name}
          defaultValue={value}
          maxLength={maxLength}
          required={required}
          lang={lang}
          className={`${inputClass} mt-1 h-10`}
        />
      )}
    </Field>
  );
}

/** A select of the title form: the label, the options, the current value. */
function SelectField({
  name,
  label,
  value,
  children,
}: {
  name: string;
  label: string;
  value: string | number;
  children: ReactNode;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <select {...control} name={name} defaultValue={value} className={`${inputClass} mt-1 h-10`}>
          {children}
        </select>
      )}
    </Field>
  );
}

function TitleForm({ data }: { data: TitleEditorData }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<EditorialActionResult>();
  const { title } = data;
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  return (
    <fetcher.Form
      method="post"
      className="grid gap-6 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="editorial-title-form"
    >
      <input type="hidden" name="intent" value="save" />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-base font-extrabold text-ink">{t('editorial.form.names')}</legend>
        <TextField
          name="name_en"
          label={t('editorial.form.name_en')}
          value={title?.name_en ?? ''}
          maxLength={TITLE_NAME_MAX_LENGTH}
          required
          lang="en"
        />
        <TextField
          name="name_ja"
          label={t('editorial.form.name_ja')}
          value={title?.name_ja ?? ''}
          maxLength={TITLE_NAME_MAX_LENGTH}
          required
          lang="ja"
        />
        <TextField
          name="author_en"
          label={t('editorial.form.author_en')}
          value={title?.author_en ?? ''}
          maxLength={TITLE_AUTHOR_MAX_LENGTH}
          lang="en"
        />
        <TextField
          name="author_ja"
          label={t('editorial.form.author_ja')}
          value={title?.author_ja ?? ''}
          maxLength={TITLE_AUTHOR_MAX_LENGTH}
          lang="ja"
        />
        {(['en', 'ja'] as const).map((language) => (
          <Field key={language} label={t(`editorial.form.description_${language}`)} className="sm:col-span-2">
            {(control) => (
              <textarea
                {...control}
                name={`description_${language}`}
                rows={4}
                lang={language}
                maxLength={TITLE_DESCRIPTION_MAX_LENGTH}
                defaultValue={title?.[`description_${language}`] ?? ''}
                className={`${inputClass} mt-1 resize-y`}
              />
            )}
          </Field>
        ))}
      </fieldset>

      <fieldset>
        <legend className="mb-2 text-base font-extrabold text-ink">{t('editorial.form.genres')}</legend>
        <div className="flex flex-wrap gap-2">
          {data.genres.map((genre) => (
            <label
              key={genre.id}
              className="inline-flex cursor-pointer items-center gap-2 rounded-full bg-zinc-50 px-3 py-1.5 text-sm ring-1 ring-zinc-200 has-[:checked]:bg-brand-50 has-[:checked]:font-bold has-[:checked]:ring-brand-300 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
            >
              <input
                type="checkbox"
                name="genre_id"
                value={genre.id}
                defaultChecked={title?.genre_ids.includes(genre.id)}
                className="size-4 accent-brand-600"
              />
              {genre.name}
            </label>
          ))}
        </div>
        <Field label={t('editorial.form.tags')} hint={t('editorial.form.tags_hint')} className="mt-4">
          {(control) => (
            <input
              {...control}
              name="tags"
              defaultValue={tagsText(title?.tags ?? [])}
              className={`${inputClass} mt-1 h-10`}
            />
          )}
        </Field>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-base font-extrabold text-ink">{t('editorial.form.publication')}</legend>
        <SelectField
          name="magazine_category_id"
          label={t('editorial.form.magazine')}
          value={title?.magazine_category_id ?? ''}
        >
          <option value="">{t('editorial.form.no_magazine')}</option>
          {data.magazines.map((magazine) => (
            <option key={magazine.id} value={magazine.id}>
              {magazine.name}
            </option>
          ))}
        </SelectField>
        <SelectField name="age_rating" label={t('editorial.form.age_rating')} value={title?.age_rating ?? 0}>
          {AGE_RATING_OPTIONS.map((age) => (
            <option key={age} value={age}>
              {age === 0 ? t('editorial.form.all_ages') : t('editorial.form.age_over', { age })}
            </option>
          ))}
        </SelectField>
        <SelectField
          name="reading_direction"
          label={t('editorial.form.reading_direction')}
          value={title?.reading_direction ?? 1}
        >
          {READING_DIRECTION_OPTIONS.map((direction) => (
            <option key={direction} value={direction}>
              {t(`editorial.form.direction.${direction}`)}
            </option>
          ))}
        </SelectField>
        <SelectField name="weekday_index" label={t('editorial.form.weekday')} value={title?.weekday_index ?? ''}>
          <option value="">{t('editorial.form.not_weekly')}</option>
          <WeekdayOptions />
        </SelectField>
      </fieldset>

      <div className="flex flex-wrap items-center gap-4 border-t border-zinc-200 pt-5">
        <Button type="submit" variant="primary" size="lg" busy={busy} data-testid="editorial-save">
          {title ? t('editorial.form.save') : t('editorial.form.create')}
        </Button>
        <Feedback result={result} doneKey="editorial.form.saved" />
      </div>
    </fetcher.Form>
  );
}
