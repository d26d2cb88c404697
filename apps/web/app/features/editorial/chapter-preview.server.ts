import { editorialOperations, responseCodeOf } from '@manga/api-client';
import {
  CookieName,
  chooseImageQuality,
  isSaveDataHeader,
  parseDataSaverSetting,
  ResponseCode,
} from '@manga/contracts';
import type { RouterContextProvider } from 'react-router';
import { env } from '#app/env.server.ts';
import { notFound } from '#app/errors/not-found.server.ts';
import { readyViewerOf } from '#app/features/viewer/viewer.server.ts';
import { prefixed } from '#app/visitor/cookies.ts';
import { apiFor, visitorOf } from '#app/visitor/visitor-context.server.ts';
import { asEditor } from './editorial.server.ts';
import { type ChapterPreviewData, EDITORIAL_PATHS } from './editorial.ts';

// An editor's preview of a chapter (ADR 073): the reader's view model built from the preview call,
// which answers GET /web/episode/viewer's shape for any chapter and records nothing, with what each
// kind of reader would be shown. To anyone who is not an editor, the 404 page.

export async function loadChapterPreview(
  request: Request,
  context: Readonly<RouterContextProvider>,
  url: URL,
  titleId: number,
  episodeId: number,
): Promise<ChapterPreviewData> {
  const api = editorialOperations(apiFor(request, context));
  const { visitor } = visitorOf(context);
  const dataSaver = {
    setting: parseDataSaverSetting(visitor.cookies.get(prefixed(env.cookiePrefix, CookieName.DataSaver))),
    saveData: isSaveDataHeader(request.headers.get('save-data') ?? undefined),
  };
  const unknownChapter = (error: unknown) => {
    if (responseCodeOf(error) === ResponseCode.EpisodeNotFound) notFound(url);
    throw error;
  };
  const [answer, access] = await Promise.all([
    asEditor(
      api.getEditorEpisodePreview({
        episode_id: String(episodeId),
        image_quality: chooseImageQuality(dataSaver.setting, { saveData: dataSaver.saveData }),
      }),
      url,
    ).catch(unknownChapter),
    asEditor(api.getEditorEpisodeAccess({ episode_id: String(episodeId) }), url).catch(unknownChapter),
  ]);
  if (answer.title_id !== titleId) notFound(url);
  const consoleHref = EDITORIAL_PATHS.title(titleId);
  const base = {
    titleId,
    episodeId,
    titleName: answer.title_name,
    episodeName: answer.episode_name,
    // The reader's way back goes to the title's console.
    titleHref: consoleHref,
    mode: 'normal' as const,
  };
  return {
    viewer: readyViewerOf(answer, base, url, 'normal', dataSaver),
    released: answer.is_released === 1,
    titlePublished: answer.is_title_published === 1,
    startTime: answer.start_time,
    wireTimeZone: env.wireTimeZone,
    access: access.access_list,
    consoleHref,
  };
}
