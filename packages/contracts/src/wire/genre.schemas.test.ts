import { describe, expect, it } from 'vitest';
import { successEnvelope } from './envelope.schemas.ts';
import { GenreListQuerySchema, GenreListResponseSchema, GenreSchema } from './genre.schemas.ts';

const genre = { genre_id: 1, genre_name: 'Romance･Romcom', image_url: 'https://cdn.example.com/static/genre/1.png' };

describe('GenreSchema', () => {
  it('accepts a genre and a genre list answer', () => {
    expect(GenreSchema.parse(genre)).toEqual(genre);
    const body = successEnvelope({ genre_list: [genre] });
    expect(GenreListResponseSchema.parse(body)).toEqual(body);
  });

  it('requires image_url', () => {
    expect(GenreSchema.safeParse({ genre_id: 1, genre_name: 'x' }).success).toBe(false);
  });
});

describe('GenreListQuerySchema', () => {
  it('parses an optional genre_id_list with ", " separators', () => {
    expect(GenreListQuerySchema.parse({ genre_id_list: '1, 2, 3' })).toEqual({ genre_id_list: [1, 2, 3] });
    expect(GenreListQuerySchema.parse({})).toEqual({});
  });
});
