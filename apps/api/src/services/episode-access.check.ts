// "May this reader open this episode?", as the comment rules ask it (ADR 013). Comments never derive
// access themselves: they ask this one narrow port, which today wraps the viewer's own checks and will
// point at the EntitlementService (DESIGN §5: access has one owner) once that exists.
import { ResponseCode } from '@manga/contracts';
import type { ClockRepository } from '#src/repositories/clock.repository.ts';
import type { ConsentCookies } from '#src/services/age-gate.rule.ts';
import type { CatalogueService } from '#src/services/catalogue.service.ts';
import { DomainError } from '#src/services/domain-error.ts';
import { assertOldEnoughFor } from '#src/services/viewer.service.ts';

/** What the age rule needs to know about the caller. */
export interface EpisodeReader {
  isCrawler: boolean;
  cookies: ConsentCookies;
}

/** The episode facts comments need. */
export interface CommentableEpisode {
  id: number;
  title_id: number;
  /** 0: comments are closed on this episode. */
  comment_enabled: number;
  /** Visible comments, kept in step by the comment service. */
  comment_num: number;
}

export interface EpisodeAccessCheck {
  /** The episode when `reader` may open it; otherwise throws the DomainError that says why (3100, 2016, …). */
  requireEpisodeAccess(episodeId: number, reader: EpisodeReader): Promise<CommentableEpisode>;
}

/**
 * The viewer's rules before purchases exist: a released episode of a published title (else 3100) whose
 * age rating the reader meets (else 2016, viewer.service's assertOldEnoughFor).
 */
export class ViewerEpisodeAccessCheck implements EpisodeAccessCheck {
  constructor(
    private readonly catalogue: Pick<CatalogueService, 'findReadableEpisode'>,
    private readonly clock: ClockRepository,
  ) {}

  async requireEpisodeAccess(episodeId: number, reader: EpisodeReader): Promise<CommentableEpisode> {
    const now = this.clock.now();
    const readable = await this.catalogue.findReadableEpisode(episodeId, now);
    if (!readable) throw new DomainError(ResponseCode.EpisodeNotFound);
    assertOldEnoughFor(readable, reader, now);
    return readable.episode;
  }
}
