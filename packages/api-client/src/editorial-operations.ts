// The editors' catalogue calls under /ops/catalogue (issue 26, ADR 046). Like the moderation calls, they
// answer 1002 to anyone without access, which the console turns into its 404 page.
import {
  type EditorEpisodeAccessQuery,
  EditorEpisodeAccessResponseSchema,
  type EditorEpisodeListQuery,
  EditorEpisodeListResponseSchema,
  type EditorEpisodePageOrderRequest,
  type EditorEpisodePageReplaceQuery,
  type EditorEpisodePagesQuery,
  EditorEpisodePagesResponseSchema,
  type EditorEpisodePreviewQuery,
  EditorEpisodePreviewResponseSchema,
  EditorEpisodeResponseSchema,
  type EditorEpisodeScheduleRequest,
  EditorEpisodeScheduleResponseSchema,
  type EditorEpisodeUpdateRequest,
  type EditorEpisodeUploadQuery,
  type EditorEpisodeUploadStatusQuery,
  type EditorScheduleQuery,
  EditorScheduleResponseSchema,
  type EditorTitleArtQuery,
  type EditorTitleCreateRequest,
  type EditorTitleListQuery,
  EditorTitleListResponseSchema,
  type EditorTitlePublishRequest,
  type EditorTitleQuery,
  EditorTitleResponseSchema,
  type EditorTitleUpdateRequest,
  EditorUploadResponseSchema,
  EditorVocabularyResponseSchema,
  type TopBannerDeleteRequest,
  type TopBannerImageQuery,
  type TopBannerSaveRequest,
  type TopCampaignRequest,
  TopCurationChangeResponseSchema,
  TopCurationResponseSchema,
  type TopPickAddRequest,
  type TopPickOrderRequest,
  type TopPickRemoveRequest,
  TopRankingsRebuildResponseSchema,
} from '@manga/contracts';
import type { ApiClient } from './api-client.ts';

export function editorialOperations(client: ApiClient) {
  const title = { schema: EditorTitleResponseSchema };
  const change = { schema: TopCurationChangeResponseSchema };
  return {
    // Top page curation (ADR 074).
    getTopCuration: () =>
      client.call('getTopCuration', 'GET', '/ops/catalogue/top', {}, { schema: TopCurationResponseSchema }),
    addTopPick: (params: TopPickAddRequest) =>
      client.call('addTopPick', 'POST', '/ops/catalogue/top/pick/add', { ...params }, change),
    removeTopPick: (params: TopPickRemoveRequest) =>
      client.call('removeTopPick', 'POST', '/ops/catalogue/top/pick/remove', { ...params }, change),
    orderTopPicks: (params: TopPickOrderRequest) =>
      client.call('orderTopPicks', 'POST', '/ops/catalogue/top/pick/order', { ...params }, change),
    saveTopBanner: (params: TopBannerSaveRequest) =>
      client.call('saveTopBanner', 'POST', '/ops/catalogue/top/banner/save', { ...params }, change),
    /** Where the browser sends a banner image (the body), with the banner in the query. */
    topBannerImageTarget: (params: TopBannerImageQuery) =>
      client.uploadTarget('/ops/catalogue/top/banner/image', { ...params }),
    deleteTopBanner: (params: TopBannerDeleteRequest) =>
      client.call('deleteTopBanner', 'POST', '/ops/catalogue/top/banner/delete', { ...params }, change),
    setTopCampaign: (params: TopCampaignRequest) =>
      client.call('setTopCampaign', 'POST', '/ops/catalogue/top/campaign', { ...params }, change),
    rebuildTopRankings: () =>
      client.call(
        'rebuildTopRankings',
        'POST',
        '/ops/catalogue/top/rankings/rebuild',
        {},
        { schema: TopRankingsRebuildResponseSchema },
      ),
    getEditorVocabulary: () =>
      client.call(
        'getEditorVocabulary',
        'GET',
        '/ops/catalogue/vocabulary',
        {},
        { schema: EditorVocabularyResponseSchema },
      ),
    listEditorTitles: (params: EditorTitleListQuery = {}) =>
      client.call(
        'listEditorTitles',
        'GET',
        '/ops/catalogue/title/list',
        { ...params },
        { schema: EditorTitleListResponseSchema },
      ),
    getEditorTitle: (params: EditorTitleQuery) =>
      client.call('getEditorTitle', 'GET', '/ops/catalogue/title', { ...params }, title),
    createEditorTitle: (params: EditorTitleCreateRequest) =>
      client.call('createEditorTitle', 'POST', '/ops/catalogue/title/create', { ...params }, title),
    updateEditorTitle: (params: EditorTitleUpdateRequest) =>
      client.call('updateEditorTitle', 'POST', '/ops/catalogue/title/update', { ...params }, title),
    publishEditorTitle: (params: EditorTitlePublishRequest) =>
      client.call('publishEditorTitle', 'POST', '/ops/catalogue/title/publish', { ...params }, title),
    /** Where the browser sends a cover image (the body), with its crop in the query. */
    titleArtUploadTarget: (params: EditorTitleArtQuery) =>
      client.uploadTarget('/ops/catalogue/title/art', { ...params }),
    listEditorEpisodes: (params: EditorEpisodeListQuery) =>
      client.call(
        'listEditorEpisodes',
        'GET',
        '/ops/catalogue/episode/list',
        { ...params },
        { schema: EditorEpisodeListResponseSchema },
      ),
    updateEditorEpisode: (params: EditorEpisodeUpdateRequest) =>
      client.call(
        'updateEditorEpisode',
        'POST',
        '/ops/catalogue/episode/update',
        { ...params },
        { schema: EditorEpisodeResponseSchema },
      ),
    scheduleEditorEpisodes: (params: EditorEpisodeScheduleRequest) =>
      client.call(
        'scheduleEditorEpisodes',
        'POST',
        '/ops/catalogue/episode/schedule',
        { ...params },
        { schema: EditorEpisodeScheduleResponseSchema },
      ),
    getEditorSchedule: (params: EditorScheduleQuery = {}) =>
      client.call(
        'getEditorSchedule',
        'GET',
        '/ops/catalogue/schedule',
        { ...params },
        {
          schema: EditorScheduleResponseSchema,
        },
      ),
    /** Where the browser sends a chapter's .cbz (the body), with the title and names in the query. */
    episodeUploadTarget: (params: EditorEpisodeUploadQuery) =>
      client.uploadTarget('/ops/catalogue/episode/upload', { ...params }),
    getEditorEpisodeUpload: (params: EditorEpisodeUploadStatusQuery) =>
      client.call(
        'getEditorEpisodeUpload',
        'GET',
        '/ops/catalogue/episode/upload/status',
        { ...params },
        { schema: EditorUploadResponseSchema },
      ),
    listEditorEpisodePages: (params: EditorEpisodePagesQuery) =>
      client.call(
        'listEditorEpisodePages',
        'GET',
        '/ops/catalogue/episode/pages',
        { ...params },
        { schema: EditorEpisodePagesResponseSchema },
      ),
    reorderEditorEpisodePages: (params: EditorEpisodePageOrderRequest) =>
      client.call(
        'reorderEditorEpisodePages',
        'POST',
        '/ops/catalogue/episode/pages/order',
        { ...params },
        { schema: EditorEpisodePagesResponseSchema },
      ),
    /** The chapter in the web reader's shape, released or not, recording nothing (ADR 073). */
    getEditorEpisodePreview: (params: EditorEpisodePreviewQuery) =>
      client.call(
        'getEditorEpisodePreview',
        'GET',
        '/ops/catalogue/episode/preview',
        { ...params },
        { schema: EditorEpisodePreviewResponseSchema },
      ),
    /** What a guest, a member without points and a ticket holder would be shown (ADR 073). */
    getEditorEpisodeAccess: (params: EditorEpisodeAccessQuery) =>
      client.call(
        'getEditorEpisodeAccess',
        'GET',
        '/ops/catalogue/episode/access',
        { ...params },
        { schema: EditorEpisodeAccessResponseSchema },
      ),
    /** Where the browser sends a replacement page (the body), with the chapter and page in the query. */
    pageReplaceTarget: (params: EditorEpisodePageReplaceQuery) =>
      client.uploadTarget('/ops/catalogue/episode/page/replace', { ...params }),
    /** Where the browser fetches a page's unscrambled preview (signed like a GET; not an <img> source). */
    pagePreviewTarget: (params: EditorEpisodePageReplaceQuery) =>
      client.uploadTarget('/ops/catalogue/episode/page/image', { ...params }),
  };
}

export type EditorialOperations = ReturnType<typeof editorialOperations>;
