import { describe, expect, it } from 'vitest';
import { successEnvelope } from './envelope.schemas.ts';
import { MagazineCategoryListResponseSchema, MagazineCategorySchema } from './magazine.schemas.ts';

const category = {
  magazine_category_id: 2,
  magazine_category_name_text: 'Weekly Shōnen Magazine',
  is_purchase: 1,
  is_search: 1,
  is_subscription: 0,
  subscription_image_url: null,
};

describe('MagazineCategorySchema', () => {
  it('accepts a category', () => {
    expect(MagazineCategorySchema.parse(category)).toEqual(category);
    const body = successEnvelope({ magazine_category_list: [category] });
    expect(MagazineCategoryListResponseSchema.parse(body)).toEqual(body);
  });

  it('rejects a missing flag', () => {
    const { is_search: _, ...rest } = category;
    expect(MagazineCategorySchema.safeParse(rest).success).toBe(false);
  });
});
