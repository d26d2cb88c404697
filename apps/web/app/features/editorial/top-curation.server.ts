import { type ApiClient, editorialOperations, responseCodeOf } from '@manga/api-client';
import { EditorTitleStatus, ResponseCode } from '@manga/contracts';
import { handleApiError } from '#app/errors/api-errors.server.ts';
import { notFound } from '#app/errors/not-found.server.ts';
import { inputToWire } from './editorial.ts';
import { moved, type TopCurationData, type TopCurationIntent, type TopCurationResult } from './top-curation.ts';

// The top page curation screen's loader and actions (issue 26, ADR 074). As everywhere in the console,
// the API decides who may: to anyone but an editor or admin each call answers 1002, and the page 404s.

const SEARCH_LIMIT = 8;

async function asEditor<T>(call: Promise<T>, url: URL): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (responseCodeOf(error) === ResponseCode.ApiNotFound) notFound(url);
    handleApiError(error);
    throw error;
  }
}

/** `/ops/top?q=`: the curation, and the published titles matching `q` for the pickers. */
export async function loadTopCuration(client: ApiClient, url: URL): Promise<TopCurationData> {
  const api = editorialOperations(client);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const [curation, list] = await Promise.all([
    asEditor(api.getTopCuration(), url),
    asEditor(
      api.listEditorTitles({ q: q || undefined, status: EditorTitleStatus.Published, limit: String(SEARCH_LIMIT) }),
      url,
    ),
  ]);
  const { status: _s, response_code: _c, error_message: _e, ...rest } = curation;
  return {
    curation: rest,
    search: {
      q,
      titles: list.title_list.map(({ title_id, name_en, name_ja }) => ({ title_id, name_en, name_ja })),
    },
  };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

const INTENTS: readonly TopCurationIntent[] = [
  'pick_add',
  'pick_remove',
  'pick_move',
  'banner_save',
  'banner_delete',
  'campaign',
  'rebuild',
];

export async function submitTopCuration(client: ApiClient, request: Request, url: URL): Promise<TopCurationResult> {
  const form = await request.formData();
  const api = editorialOperations(client);
  const intent = text(form, 'intent') as TopCurationIntent;
  const key = text(form, 'key');
  if (!INTENTS.includes(intent))
    return { status: 'failed', intent: 'pick_add', key, code: ResponseCode.InvalidParameter, message: '' };
  try {
    switch (intent) {
      case 'pick_add':
        await api.addTopPick({
          kind: text(form, 'kind') as '1' | '2',
          target_id: text(form, 'target_id'),
          start_time: inputToWire(text(form, 'start_time')),
          end_time: inputToWire(text(form, 'end_time')),
        });
        return { status: 'done', intent, key };
      case 'pick_remove':
        await api.removeTopPick({ pick_id: text(form, 'pick_id') });
        return { status: 'done', intent, key };
      case 'pick_move': {
        const kind = Number(text(form, 'kind'));
        const ids = (await api.getTopCuration()).pick_list.filter((p) => p.kind === kind).map((p) => p.pick_id);
        const order = moved(ids, ids.indexOf(Number(text(form, 'pick_id'))), text(form, 'by') === 'up' ? -1 : 1);
        await api.orderTopPicks({ kind: String(kind) as '1' | '2', pick_id_list: order.join(',') });
        return { status: 'done', intent, key };
      }
      case 'banner_save': {
        const id = text(form, 'advertisement_id');
        const saved = await api.saveTopBanner({
          advertisement_id: id || undefined,
          link_url: text(form, 'link_url'),
          alt_text: text(form, 'alt_text'),
          alt_text_ja: text(form, 'alt_text_ja'),
          position: text(form, 'position') || '0',
          start_time: inputToWire(text(form, 'start_time')),
          end_time: inputToWire(text(form, 'end_time')),
        });
        return { status: 'done', intent, key, advertisementId: saved.advertisement_id };
      }
      case 'banner_delete':
        await api.deleteTopBanner({ advertisement_id: text(form, 'advertisement_id') });
        return { status: 'done', intent, key };
      case 'campaign':
        await api.setTopCampaign({
          title_id: text(form, 'title_id'),
          campaign_text: text(form, 'campaign_text'),
          campaign_text_ja: text(form, 'campaign_text_ja'),
          start_time: inputToWire(text(form, 'start_time')),
          end_time: inputToWire(text(form, 'end_time')),
        });
        return { status: 'done', intent, key };
      case 'rebuild': {
        const answer = await api.rebuildTopRankings();
        return { status: 'done', intent, key, outcome: answer.outcome };
      }
    }
  } catch (error) {
    const code = responseCodeOf(error);
    if (code === ResponseCode.ApiNotFound) notFound(url);
    if (code === ResponseCode.ServerMaintenance) handleApiError(error);
    if (code === ResponseCode.ServerError) console.error(`Top curation ${intent} failed`, error);
    return {
      status: 'failed',
      intent,
      key,
      code: code ?? ResponseCode.ServerError,
      message: error instanceof Error ? error.message : '',
    };
  }
}
