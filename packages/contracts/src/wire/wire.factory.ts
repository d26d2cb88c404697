import type { Comment, CommentPostInfo } from './comment.schemas.ts';
import type { Episode } from './episode.schemas.ts';
import type { OpsComment } from './ops.schemas.ts';
import type { ShopProduct } from './shop-console.schemas.ts';
import type { TitleTicket } from './ticket.schemas.ts';
import type { Title, WebTitle } from './title.schemas.ts';
import type { WebViewerResponse } from './viewer.schemas.ts';

// Test builders for wire shapes: valid defaults plus overrides.

export function makeTitle(overrides: Partial<Title> = {}): Title {
  return {
    title_id: 10639,
    title_name: 'NakiNagi',
    thumbnail_image_url: 'https://cdn.example.com/static/titles/10639/thumbnail.png',
    thumbnail_rect_image_url: 'https://cdn.example.com/static/titles/10639/title_grid_wide.png',
    banner_image_url: '',
    feature_image_url: '',
    campaign_text: '',
    notice_text: '',
    first_episode_id: 358374,
    next_updated_text: null,
    author_text: 'Author',
    author_list: ['Author'],
    introduction_text: 'Introduction',
    short_introduction_text: 'Short',
    new_episode_update_cycle_text: 'Every Tuesday',
    free_episode_update_cycle_text: '',
    episode_order: 1,
    episode_id_list: [358374, 358375],
    latest_paid_episode_id: [358375],
    latest_free_episode_id: 358374,
    genre_id_list: [1, 3],
    favorite_status: 0,
    support_status: 1,
    publish_category: 1,
    magazine_category: 1,
    title_ticket_enabled: 1,
    episode_free_updated: null,
    free_episode_count: 1,
    total_episode_count: 2,
    ...overrides,
  };
}

export function makeWebTitle(overrides: Partial<WebTitle> = {}): WebTitle {
  return {
    title_id: 10639,
    title_name: 'NakiNagi',
    title_in_japanese: null,
    age_rating: null,
    nickname: null,
    author_text: 'Author',
    introduction_text: 'Introduction',
    next_updated_text: null,
    free_episode_update_cycle_text: '',
    new_episode_update_cycle_text: 'Every Tuesday',
    magazine_category: 1,
    genre_id_list: [1],
    banner_image_url: '',
    thumbnail_image_url: null,
    thumbnail_rect_image_url: '',
    episode_id_list: [358374],
    total_episode_count: 28,
    free_episode_count: 6,
    ...overrides,
  };
}

export function makeEpisode(overrides: Partial<Episode> = {}): Episode {
  return {
    episode_id: 358374,
    episode_name: 'Chapter 1',
    index: 1,
    badge: 2,
    point: 0,
    bonus_point: 0,
    use_status: null,
    ticket_rental_enabled: 0,
    title_id: 10639,
    start_time: '2025-04-01 10:00:00',
    rental_rest_time: null,
    rental_finish_time: null,
    magazine_id: null,
    magazine_name: null,
    is_viewed: 0,
    is_viewed_last_page: 0,
    thumbnail_image_url: '',
    web_thumbnail_image_url: '',
    first_page_image_url: '',
    featured_text: '',
    short_introduction_text: '',
    viewing_direction: 0,
    comic_volume: null,
    view_bulk_buy: 0,
    comment_num: 0,
    single_sale_enabled: 1,
    ...overrides,
  };
}

export function makeWebViewerResponse(overrides: Partial<WebViewerResponse> = {}): WebViewerResponse {
  return {
    status: 'success',
    response_code: 0,
    error_message: '',
    episode_id: 311334,
    title_id: 10072,
    page_list: ['https://cdn.example.com/pages/1.jpg'],
    page_size_list: [{ width: 768, height: 1088 }],
    scramble_seed: 'r7yw738iu3',
    scramble_ver: null,
    bonus_point: 0,
    page_start_position: 0,
    direction: 0,
    page_slider: 1,
    previous_episode: {},
    next_episode: { episode_id: 311335 },
    post_advertisement_list: null,
    last_page: 0,
    image_quality: 'standard',
    ...overrides,
  };
}

export function makeTitleTicket(overrides: Partial<TitleTicket> = {}): TitleTicket {
  // Real K MANGA values for title 10639, logged out (wire §3.4).
  return {
    title_id: 10639,
    ticket_info: {
      premium_ticket_info: { own_ticket_num: 0, rental_second: 259200, ticket_type: 1 },
      title_ticket_info: {
        own_ticket_num: 1,
        rental_second: 259200,
        ticket_type: 1,
        ticket_version: 1,
        max_ticket_num: 1,
        recover_second: 82800,
        finish_time: null,
        next_ticket_recover_second: 0,
      },
      target_episode_id_list: [],
    },
    ...overrides,
  };
}

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  return {
    comment_id: 7,
    episode_id: 358374,
    title_id: 10639,
    comment: 'What a chapter!',
    user_name: '',
    user_tag: '7K2QX9',
    like_count: 0,
    is_liked: 0,
    is_mine: 0,
    created_time: '2026-01-01 09:00:00',
    ...overrides,
  };
}

export function makeCommentPostInfo(overrides: Partial<CommentPostInfo> = {}): CommentPostInfo {
  return {
    episode_id: 358374,
    can_post: 1,
    reason_code: 0,
    reason_message: '',
    remaining_num: 9,
    limit_num: 10,
    next_post_time: '',
    max_length: 500,
    ...overrides,
  };
}

export function makeOpsComment(overrides: Partial<OpsComment> = {}): OpsComment {
  return {
    comment_id: 7,
    comment: 'What a chapter!',
    status: 'visible',
    like_count: 0,
    created_time: '2026-01-01 09:00:00',
    episode_id: 358374,
    episode_name: 'Chapter 1',
    title_id: 10639,
    title_name: 'NakiNagi',
    user_id: 12,
    user_name: '',
    user_tag: '7K2QX9',
    user_email: 'reader@example.com',
    user_suspended_until: '',
    reporter_num: 1,
    latest_report_time: '2026-01-01 10:00:00',
    report_reason_list: [],
    report_note_list: [],
    reviewed_time: '',
    ...overrides,
  };
}

/** A shop product as the console lists it (ADR 063): a US point pack on sale. */
export function makeShopProduct(overrides: Partial<ShopProduct> = {}): ShopProduct {
  return {
    product_id: 1,
    kind: 'point_pack',
    region: 'US',
    currency: 'usd',
    price: 499,
    points: 500,
    bonus: 0,
    monthly_bonus: 0,
    tickets: 0,
    price_id: '',
    name_en: '500 points',
    name_ja: '500ポイント',
    active: 1,
    sort: 1,
    ...overrides,
  };
}
