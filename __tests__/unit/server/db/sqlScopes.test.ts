/**
 * @jest-environment node
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { bookmarks, chapters, genres, stories, storyGenres } from '@/server/db/schema';
import { ambiguousColumnReferences } from '@/server/db/sqlScopes';
import { existsIn, subquery } from '@/server/db/subquery';

const database = drizzle.mock();

describe('ambiguousColumnReferences', () => {
  it('finds the story genres subquery whose outer "id" binds to genres', () => {
    const text = `select "id", (select json_agg(json_build_object('_id', "id"::text, 'name', "name") order by "position")
      from "story_genres" inner join "genres" on "id" = "genre_id" where "story_id" = "id") from "stories" where "slug" = $1`;
    expect(ambiguousColumnReferences(text)).toEqual([{ column: 'id', tables: ['genres', 'stories'] }]);
  });

  it('accepts the same subquery with every table named', () => {
    const text = `select "stories"."id", (select json_agg("genres"."name") from "story_genres" inner join "genres" on "genres"."id" = "story_genres"."genre_id"
      where "story_genres"."story_id" = "stories"."id") from "stories"`;
    expect(ambiguousColumnReferences(text)).toEqual([]);
  });

  it('reads aliases, string literals, casts and nested subqueries', () => {
    expect(ambiguousColumnReferences(`select 'id' as "id", (select 1 from "genres" "g" where "g"."id" = "s"."id") from "stories" "s"`)).toEqual([]);
    expect(ambiguousColumnReferences(`select (select (select count(*) from "chapters" where "story_id" = "id") from "genres") from "stories"`)).toEqual([
      { column: 'id', tables: ['genres', 'stories'] },
    ]);
    // A column only one table in scope has binds where it must.
    expect(ambiguousColumnReferences(`select (select max("index") from "chapters" where "chapters"."story_id" = "stories"."id") from "stories"`)).toEqual([]);
  });

  it('leaves derived tables alone: they see no outer row', () => {
    expect(ambiguousColumnReferences(`select "comments"."id" from "comments" inner join (select "id" from "comments" where "comments"."hidden" = false) "page_ids" on "page_ids"."id" = "comments"."id"`)).toEqual([]);
    expect(ambiguousColumnReferences(`select 1 from "stories" join lateral (select "id" from "chapters", "genres") "x" on true`)).toHaveLength(1);
  });

  it('treats a subquery over the outer statement\'s own table as ambiguous unless it is renamed', () => {
    expect(ambiguousColumnReferences(`select 1 from "story_genres" where "genre_id" in (select "genre_id" from "story_genres" where "story_genres"."story_id" = 1)`)).toHaveLength(1);
    expect(ambiguousColumnReferences(`select 1 from "story_genres" where "story_genres"."genre_id" in (select "of_story"."genre_id" from "story_genres" as "of_story")`)).toEqual([]);
  });
});

describe('drizzle statements with correlated subqueries', () => {
  const genresOfStory = sql`select json_agg(${genres.name}) from ${storyGenres} inner join ${genres} on ${genres.id} = ${storyGenres.genreId} where ${storyGenres.storyId} = ${stories.id}`;

  it('lose the outer table name when written straight into a single-table select', () => {
    const direct = database
      .select({ genres: sql`coalesce((select json_agg(${genres.name}) from ${storyGenres} inner join ${genres} on ${genres.id} = ${storyGenres.genreId} where ${storyGenres.storyId} = ${stories.id}), '[]')` })
      .from(stories)
      .toSQL().sql;
    expect(direct).toContain('where "story_id" = "id"');
    expect(ambiguousColumnReferences(direct)).toEqual([{ column: 'id', tables: ['genres', 'stories'] }]);
  });

  it('keep every table name through subquery() and existsIn(), in selections and conditions', () => {
    const statement = database
      .select({
        genres: subquery(genresOfStory),
        latest: subquery(sql`select max(${chapters.index}) from ${chapters} where ${chapters.storyId} = ${stories.id}`),
        followed: existsIn(sql`select 1 from ${bookmarks} where ${bookmarks.storyId} = ${stories.id}`),
      })
      .from(stories)
      .where(existsIn(sql`select 1 from ${chapters} where ${chapters.storyId} = ${stories.id} and ${chapters.vip}`));
    const text = statement.toSQL().sql;
    expect(text).toContain('where "story_genres"."story_id" = "stories"."id"');
    expect(ambiguousColumnReferences(text)).toEqual([]);
  });
});
