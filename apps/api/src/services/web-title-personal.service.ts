// GET /web/title/personal (ours, ADR 076): everything of a logged-in reader's on a title page (ADR 048)
// in one call: whether they follow the title, its released episodes with their access and read marks,
// their tickets for it, where they left off and their new-chapter mail switches. Each part is the
// answer of the wire call that gives it alone (GET /title/list, /episode/list, /title/ticket/list,
// /title/viewed/progress, /user/chapter_alert_setting), made by the same service method: this only
// puts them together, so that the web server's personal answer costs one request instead of five.
// `changes_at` says when the answer stops being true by the clock alone (ADR 082), so that the web
// server may keep it until then.
import { ResponseCode } from '@manga/contracts';
import type { RequestAuth } from '#src/rules/auth.rules.ts';
import { requireLogin } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import type { Reader } from '#src/rules/entitlement.rules.ts';
import type { CatalogueContext, CatalogueService } from '#src/services/catalogue.service.ts';
import type { ChapterAlertService } from '#src/services/chapter-alert.service.ts';
import type { FavoriteService } from '#src/services/favorite.service.ts';
import type { ReadingHistoryService } from '#src/services/reading-history.service.ts';
import type { TicketService } from '#src/services/ticket.service.ts';

export interface WebTitlePersonalDeps {
  favorites: Pick<FavoriteService, 'listTitles'>;
  catalogue: Pick<CatalogueService, 'listEpisodes'>;
  tickets: Pick<TicketService, 'getTitleTicketsAndChange'>;
  history: Pick<ReadingHistoryService, 'getViewedTitle'>;
  alerts: Pick<ChapterAlertService, 'getSetting'>;
}

export class WebTitlePersonalService {
  constructor(private readonly deps: WebTitlePersonalDeps) {}

  /** 2011 (or the session's code) without a reader; 3000 for an unknown or unpublished title. */
  async getTitlePersonal(auth: RequestAuth, reader: Reader, titleId: number, context: CatalogueContext) {
    requireLogin(auth);
    const [title] = await this.deps.favorites.listTitles(auth, [titleId], context);
    if (!title) throw new DomainError(ResponseCode.TitleNotFound);
    const [episodes, tickets, progress, alerts] = await Promise.all([
      this.deps.catalogue.listEpisodes(title.episode_id_list, { locale: context.locale, reader }),
      this.deps.tickets.getTitleTicketsAndChange(reader, titleId),
      this.deps.history.getViewedTitle(auth, titleId),
      this.deps.alerts.getSetting(auth),
    ]);
    return {
      favorite_status: title.favorite_status,
      episode_list: episodes,
      title_ticket: tickets.title_ticket,
      viewed_title: progress.viewed_title,
      chapter_alert_mail: alerts.chapter_alert_mail,
      alert_off_title_list: alerts.alert_off_title_list,
      changes_at: tickets.changesAt ?? null,
    };
  }
}
