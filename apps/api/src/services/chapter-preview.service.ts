// The editors' chapter preview (issue 26, ADR 073): a chapter in the real reader before release, and
// what each kind of reader would be shown for it. The pages are ViewerService's answer for the web
// reader (the same signed URLs, sizes, seed and direction), asked without entitlement and without
// recording anything; what readers would see is EntitlementService's answer for synthetic readers
// who hold nothing, read through the same sale facts (single sale, ticket rental) the buy and rent
// calls check. No rule is decided here a second time.
import {
  type Locale,
  type PreviewAccess,
  type PreviewAccessState,
  type PreviewReader,
  ResponseCode,
  type ScrambleSeedFormat,
} from '@manga/contracts';
import type { EpisodeRow, Millis } from '#src/db/schema.ts';
import { editorReleaseTime } from '#src/mappers/catalogue-editor.mapper.ts';
import { localizedName } from '#src/mappers/render-context.mapper.ts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { AuthUser, RequestAuth } from '#src/rules/auth.rules.ts';
import { DomainError } from '#src/rules/domain.error.ts';
import {
  ANONYMOUS_READER,
  type EpisodeAccess,
  isEpisodeReleased,
  isTitlePublished,
  type Reader,
  UNPUBLISHED_AT,
} from '#src/rules/entitlement.rules.ts';
import { formatWireTime } from '#src/rules/wire-calendar.rules.ts';
import type { AccessReaders, EntitlementService } from '#src/services/entitlement.service.ts';
import type { ViewerService } from '#src/services/viewer.service.ts';

export interface ChapterPreviewDeps {
  /** The editors' access check (CatalogueEditorService.requireEditor): the caller, or 1002. */
  access: (auth: RequestAuth) => Promise<AuthUser>;
  viewer: Pick<ViewerService, 'getPreviewViewer'>;
  entitlement: Pick<EntitlementService, 'findEpisodeAccess' | 'decideEpisodeAccess'>;
  clock: ClockRepository;
}

/** A signed-in member nobody can mistake for a real one (no account has id 0), adult, holding nothing. */
const SYNTHETIC_MEMBER: Reader = Object.freeze({
  user: Object.freeze({ userId: 0, sessionId: null, status: 'active' as const, via: 'web' as const }),
  isCrawler: false,
  cookies: Object.freeze({}),
});
/** What the synthetic member's account reads as: a birthday old enough for every rating, nothing bought or rented. */
const SYNTHETIC_ACCOUNT: Required<AccessReaders> = {
  users: { findUserById: async () => ({ birthday: '1990-01' }) },
  ownership: { listOwnership: async () => new Map() },
};

const episodeNotFound = () => new DomainError(ResponseCode.EpisodeNotFound);

export class ChapterPreviewService {
  constructor(
    private readonly deps: ChapterPreviewDeps,
    private readonly options: { timeZone: string },
  ) {}

  /** GET /ops/catalogue/episode/preview: the web reader's answer for the chapter, recording nothing. */
  async getPreview(
    auth: RequestAuth,
    episodeId: number,
    context: { locale: Locale; seedFormat: ScrambleSeedFormat; quality?: 'standard' | 'light' },
  ) {
    await this.deps.access(auth);
    const found = await this.deps.viewer.getPreviewViewer(episodeId, context, context.quality);
    if (!found) throw episodeNotFound();
    const { answer, episode, listing, now } = found;
    const published = isTitlePublished(listing.title, now);
    return {
      ...answer,
      title_name: localizedName(listing.title, context.locale),
      episode_name: localizedName(episode, context.locale),
      start_time: this.releaseTime(episode.start_at),
      is_released: published && isEpisodeReleased(episode, now) ? 1 : 0,
      is_title_published: published ? 1 : 0,
    };
  }

  /**
   * GET /ops/catalogue/episode/access: what a guest (no birthday declared), a signed-in member with
   * no points and no ticket left, and a member holding a ticket would be shown for the chapter now,
   * as EntitlementService decides for readers who hold nothing of it.
   */
  async getAccessPreview(auth: RequestAuth, episodeId: number) {
    await this.deps.access(auth);
    const now = this.deps.clock.now();
    const guest = await this.deps.entitlement.findEpisodeAccess(ANONYMOUS_READER, episodeId, now);
    if (!guest) throw episodeNotFound();
    const { episode, listing } = guest;
    const [member] = await this.deps.entitlement.decideEpisodeAccess(
      SYNTHETIC_MEMBER,
      [{ episode, listing }],
      now,
      SYNTHETIC_ACCOUNT,
    );
    if (!member) throw episodeNotFound();
    const published = isTitlePublished(listing.title, now);
    const row = (reader: PreviewReader, access: EpisodeAccess) =>
      this.previewOf(reader, access, episode, published, now);
    return {
      episode_id: episode.id,
      title_id: episode.title_id,
      access_list: [row('guest', guest.access), row('member', member), row('ticket_holder', member)],
    };
  }

  /** A release time as the console shows it: "" while the chapter is unscheduled. */
  private releaseTime(startAt: Millis): string {
    return editorReleaseTime(startAt, { unscheduledAt: UNPUBLISHED_AT, timeZone: this.options.timeZone });
  }

  /** The state a reader is shown, from the entitlement answer and the chapter's sale flags. */
  private previewOf(
    reader: PreviewReader,
    access: EpisodeAccess,
    episode: EpisodeRow,
    titlePublished: boolean,
    now: Millis,
  ): PreviewAccess {
    const at = (time: Millis) => formatWireTime(time, this.options.timeZone);
    const shown = (state: PreviewAccessState, extra: Partial<PreviewAccess> = {}): PreviewAccess => ({
      reader,
      state,
      point: 0,
      until: '',
      ...extra,
    });
    if (access.reason === 'unreleased') {
      return titlePublished
        ? shown('not_released', { until: this.releaseTime(episode.start_at) })
        : shown('unpublished');
    }
    if (access.reason === 'age_restricted') return shown('age_gate');
    if (access.reason === 'free') return shown('free');
    if (access.reason === 'free_window') return shown('free_window', { until: at(access.freeUntil ?? now) });
    // Locked: a ticket holder rents it where tickets may; anyone may buy it where it is sold alone.
    if (reader === 'ticket_holder' && episode.ticket_rental_enabled === 1) return shown('ticket');
    if (episode.single_sale_enabled === 1) return shown('points', { point: episode.point });
    return shown(episode.ticket_rental_enabled === 1 ? 'ticket' : 'not_for_sale');
  }
}
