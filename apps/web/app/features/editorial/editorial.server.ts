import { type ApiClient, editorialOperations, responseCodeOf } from '@manga/api-client';
import { type Locale, ResponseCode } from '@manga/contracts';
import { redirect } from 'react-router';
import { env } from '#app/env.server.ts';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { notFound } from '#app/errors/not-found.server.ts';
import { pageWindow } from '#app/features/catalogue/paging.ts';
import {
  EDITORIAL_PAGE_SIZE,
  EDITORIAL_PATHS,
  type EditorialActionResult,
  type EditorialIntent,
  inputToWire,
  type NamedOption,
  SCHEDULE_DAYS,
  type TitleEditorData,
  type TitleListData,
  titleListFilterOf,
} from './editorial.ts';

// The catalogue console's loaders and actions (issue 26, ADR 046). Who may use it is the API's answer on
// every request: to anyone else each /ops/catalogue call answers 1002, and the console its 404 page.

export async function asEditor<T>(call: Promise<T>, url: URL): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (responseCodeOf(error) === ResponseCode.ApiNotFound) notFound(url);
    handleApiError(error);
    throw error;
  }
}

const named =
  (locale: Locale) =>
  (row: { id: number; name_en: string; name_ja: string }): NamedOption => ({
    id: row.id,
    name: locale === 'ja' ? row.name_ja || row.name_en : row.name_en || row.name_ja,
  });

/** `/ops/catalogue?q=&status=&genre=&page=` */
export async function loadTitleList(client: ApiClient, url: URL, locale: Locale): Promise<TitleListData> {
  const api = editorialOperations(client);
  const filter = titleListFilterOf(url.searchParams);
  const { offset } = pageWindow(filter.page, EDITORIAL_PAGE_SIZE);
  const [vocabulary, list, schedule] = await Promise.all([
    asEditor(api.getEditorVocabulary(), url),
    asEditor(
      api.listEditorTitles({
        q: filter.q || undefined,
        status: filter.status,
        genre_id: filter.genreId === undefined ? undefined : String(filter.genreId),
        limit: String(EDITORIAL_PAGE_SIZE),
        offset: String(offset),
      }),
      url,
    ),
    asEditor(api.getEditorSchedule({ days: String(SCHEDULE_DAYS) }), url),
  ]);
  return {
    schedule: schedule.schedule_list,
    filter,
    titles: list.title_list,
    total: list.total,
    hasNext: list.has_next === 1,
    genres: vocabulary.genre_list.map(named(locale)),
  };
}

/** `/ops/catalogue/new` (titleId undefined) and `/ops/catalogue/:titleId` */
export async function loadTitleEditor(
  client: ApiClient,
  url: URL,
  locale: Locale,
  titleId: number | undefined,
): Promise<TitleEditorData> {
  const api = editorialOperations(client);
  const [vocabulary, answer, episodes] = await Promise.all([
    asEditor(api.getEditorVocabulary(), url),
    titleId === undefined
      ? undefined
      : asEditor(api.getEditorTitle({ title_id: String(titleId) }), url).catch((error) => {
          if (responseCodeOf(error) === ResponseCode.TitleNotFound) notFound(url);
          throw error;
        }),
    titleId === undefined
      ? undefined
      : asEditor(api.listEditorEpisodes({ title_id: String(titleId) }), url).catch((error) => {
          if (responseCodeOf(error) === ResponseCode.TitleNotFound) notFound(url);
          throw error;
        }),
  ]);
  return {
    title: answer?.title,
    episodes: episodes?.episode_list ?? [],
    genres: vocabulary.genre_list.map(named(locale)),
    magazines: vocabulary.magazine_category_list.map(named(locale)),
    wireTimeZone: env.wireTimeZone,
  };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The form's fields as the API takes them (the API validates; its refusal comes back to the form). */
function titleFieldsOf(form: FormData) {
  return {
    name_en: text(form, 'name_en'),
    name_ja: text(form, 'name_ja'),
    author_en: text(form, 'author_en'),
    author_ja: text(form, 'author_ja'),
    description_en: text(form, 'description_en'),
    description_ja: text(form, 'description_ja'),
    genre_ids: form
      .getAll('genre_id')
      .filter((value) => typeof value === 'string')
      .join(','),
    tags: text(form, 'tags'),
    magazine_category_id: text(form, 'magazine_category_id'),
    age_rating: text(form, 'age_rating'),
    reading_direction: text(form, 'reading_direction'),
    weekday_index: text(form, 'weekday_index'),
  };
}

function failed(intent: EditorialIntent, error: unknown, url: URL, episodeId?: number): EditorialActionResult {
  const code = responseCodeOf(error);
  if (code === ResponseCode.ApiNotFound) notFound(url);
  if (code === ResponseCode.ServerMaintenance) handleApiError(error);
  if (code === ResponseCode.ServerError) console.error(`Catalogue action ${intent} failed`, error);
  return {
    status: 'failed',
    intent,
    code: code ?? ResponseCode.ServerError,
    message: error instanceof Error ? error.message : '',
    episodeId,
  };
}

/** Creating a title: the new title's page on success. */
export async function submitNewTitle(client: ApiClient, request: Request, url: URL): Promise<EditorialActionResult> {
  const form = await request.formData();
  try {
    const { title } = await editorialOperations(client).createEditorTitle(titleFieldsOf(form));
    throw redirect(EDITORIAL_PATHS.title(title.title_id));
  } catch (error) {
    if (error instanceof Response) throw error;
    return failed('save', error, url);
  }
}

/** Saving, publishing or unpublishing a title. */
export async function submitTitleAction(
  client: ApiClient,
  request: Request,
  url: URL,
  titleId: number,
): Promise<EditorialActionResult> {
  const form = await request.formData();
  const api = editorialOperations(client);
  const intent = text(form, 'intent');
  const title_id = String(titleId);
  if (intent === 'publish' || intent === 'unpublish') {
    try {
      await api.publishEditorTitle({ title_id, published: intent === 'publish' ? '1' : '0' });
      return { status: 'done', intent };
    } catch (error) {
      return failed(intent, error, url);
    }
  }
  if (intent === 'schedule') {
    try {
      await api.scheduleEditorEpisodes({
        title_id,
        weekday: text(form, 'weekday'),
        time: text(form, 'time'),
        count: text(form, 'count'),
      });
      return { status: 'done', intent };
    } catch (error) {
      return failed(intent, error, url);
    }
  }
  if (intent === 'episode') {
    const episodeId = Number(text(form, 'episode_id')) || undefined;
    try {
      // The API validates every field (types, negative prices, past times) and changes nothing on refusal.
      await api.updateEditorEpisode({
        episode_id: text(form, 'episode_id'),
        point: text(form, 'point'),
        start_time: inputToWire(text(form, 'start_time')),
        free_until_time: inputToWire(text(form, 'free_until_time')),
        ticket_rental: form.get('ticket_rental') === '1' ? '1' : '0',
        single_sale: form.get('single_sale') === '1' ? '1' : '0',
      });
      return { status: 'done', intent, episodeId };
    } catch (error) {
      return failed(intent, error, url, episodeId);
    }
  }
  try {
    await api.updateEditorTitle({ title_id, ...titleFieldsOf(form) });
    return { status: 'done', intent: 'save' };
  } catch (error) {
    return failed('save', error, url);
  }
}
