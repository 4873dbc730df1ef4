import { searchBrands } from '@brnd/contracts/api/brands';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../testing.ts';
import { call } from '../testing/http.ts';

/** What the voting page's search box finds, and in which order (migration 0054's tiers). */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

async function addBrands(...brands: [name: string, website: string][]): Promise<string[]> {
  const rows = await app.db.query<{ id: string }>(
    `INSERT INTO brands (name, website) SELECT * FROM unnest($1::text[], $2::text[])
     RETURNING id::text`,
    [brands.map(([name]) => name), brands.map(([, website]) => website)],
  );
  return rows.map((row) => row.id);
}

async function search(text: string): Promise<string[]> {
  const answer = await call(app.baseUrl, searchBrands, { params: { text } });
  expect(answer.status).toBe(200);
  expect(answer.data!.brands.rowCount).toBe(answer.data!.brands.rows.length);
  return answer.data!.brands.rows.map((brand) => brand.name);
}

test('the exact name comes first, then names starting with the text, then later words, then names or websites containing it', async () => {
  await addBrands(
    ['Supervorlax', 'supervorlax.example'],
    ['Blue Vorlax', 'bluevorlax.example'],
    ['Vorlaxia', 'vorlaxia.example'],
    ['Quartz', 'vorlax-quartz.example'],
    ['Vorlax Studio', 'vorlaxstudio.example'],
    ['Vorlax', 'vorlax.example'],
    // Close to the text, but brands contain it: typo matches are only the fallback.
    ['Vorlex', 'vorlex.example'],
  );
  expect(await search('Vorlax')).toEqual([
    'Vorlax',
    'Vorlax Studio',
    'Vorlaxia',
    'Blue Vorlax',
    // Containing it, the better word match first: a whole word of the website, then part of one.
    'Quartz',
    'Supervorlax',
  ]);
  expect(await search('  VORLAX st')).toEqual(['Vorlax Studio']);
});

test('a word many names share finds them by that word, each brand once', async () => {
  await addBrands(
    ['Ostrel Harbourside', 'ostrelharbourside.example'],
    ['Pier Harbour Harbour', 'pierharbour.example'],
    ['Pellmor Harbour', 'pellmorharbour.example'],
    ['Harbourview', 'harbourview.example'],
  );
  expect(await search('harbour')).toEqual([
    'Harbourview',
    'Pellmor Harbour',
    'Pier Harbour Harbour',
    'Ostrel Harbourside',
  ]);
});

test('a typo still finds the brand when no name contains the text', async () => {
  await addBrands(
    ['Kolibrant', 'kolibrant.example'],
    ['Zentavo Shop', 'zentavoshop.example'],
    ['Mirek Shop', 'mirekshop.example'],
  );
  expect(await search('kolbirant')).toEqual(['Kolibrant']);
  expect(await search('kolibrnat')).toEqual(['Kolibrant']);
  // Every word must be close: the shared "shop" alone does not bring in Mirek Shop.
  expect(await search('zentvao shop')).toEqual(['Zentavo Shop']);
  expect(await search('qxzjvw')).toEqual([]);
});

test('two neighbouring letters swapped find the brand meant alone, ahead of names as close by trigrams (decision 083)', async () => {
  // "kbaedo" shares 3 of its 7 trigrams with each of these, so by trigrams they tie.
  await addBrands(
    ['Kebedo', 'kebedo.example'],
    ['Kobedo Games', 'kobedogames.example'],
    ['Kabedo', 'kabedo.example'],
    ['Kabedo Pay', 'kabedopay.example'],
    ['Pxeli Forge', 'pxeliforge.example'],
  );
  expect(await search('kbaedo')).toEqual(['Kabedo', 'Kabedo Pay']);
  expect(await search('kabedo apy')).toEqual(['Kabedo Pay']);
  // Names containing the text still come first: "pxeli" is a name, not a typo of "pixel".
  expect(await search('pxeli')).toEqual(['Pxeli Forge']);
  // A letter typed wrong is one typo too (decision 085).
  expect(await search('kabedi')).toEqual(['Kabedo', 'Kabedo Pay']);
});

test('one typo in how a name starts finds the brand meant first: a letter left out, typed wrong or added (decision 085)', async () => {
  await addBrands(
    ['Marvelon', 'marvelon.example'],
    ['Marvelon Studio', 'marvelonstudio.example'],
    ['Arvelon Tools', 'arveloncraft.example'],
    ['Marvelin Labs', 'marvelinlabs.example'],
    ['Grenadine Pay', 'grenadinepay.example'],
  );
  // Left out, typed wrong, added, and swapped: each a text no name contains.
  expect(await search('marelon')).toEqual(['Marvelon', 'Marvelon Studio']);
  expect(await search('marvelun')).toEqual(['Marvelin Labs', 'Marvelon', 'Marvelon Studio']);
  // Marvelin is as close by trigrams, but two typos away.
  expect(await search('marvvelon')).toEqual(['Marvelon', 'Marvelon Studio']);
  // A swapped pair comes first; "amrvelon" is also Arvelon with a letter added.
  expect(await search('amrvelon')).toEqual(['Marvelon', 'Marvelon Studio', 'Arvelon Tools']);
  // Past the first 7 characters and across a space.
  expect(await search('marvelon stduio')).toEqual(['Marvelon Studio']);
  expect(await search('grenadne pay')).toEqual(['Grenadine Pay']);
  // The start of a name is enough: a typo within what has been typed so far.
  expect(await search('grenda')).toEqual(['Grenadine Pay']);
  // Five characters are enough for a letter left out (Marvelin and Marvelon tie by trigrams).
  expect(await search('mrvel')).toEqual(['Marvelin Labs', 'Marvelon', 'Marvelon Studio']);
  // Two typos are no longer one typo away: the trigram close matches take them.
  expect(await search('marvlon studo')).toEqual(['Marvelon Studio']);
  // Quotes and backslashes are letters like any other.
  expect(await search(`mar'vel\\on`)).toEqual([]);
});

test('one or two characters match the start of a name or of its words only', async () => {
  await addBrands(['Atlasine', 'atlasine.example'], ['Hotel Tlacotalpan', 'tlaco.example']);
  expect(await search('at')).toEqual(['Atlasine']);
  expect(await search('tl')).toEqual(['Hotel Tlacotalpan']);
  expect(await search('tla')).toEqual(['Hotel Tlacotalpan', 'Atlasine']);
});

test('% and _ mean themselves', async () => {
  await addBrands(['Half_Price', 'half-price.example'], ['HalfXPrice', 'halfxprice.example']);
  expect(await search('half_')).toEqual(['Half_Price']);
  expect(await search('%')).toEqual([]);
});

test('a renamed brand is found by its new words and no longer by its old ones', async () => {
  const [id] = await addBrands(['Dusty Lanterns', 'dustylanterns.example']);
  expect(await search('lanterns')).toEqual(['Dusty Lanterns']);
  await app.db.query(`UPDATE brands SET name = 'Bright Orbitzel' WHERE id = $1`, [id]);
  expect(await search('orbitzel')).toEqual(['Bright Orbitzel']);
  expect(await search('lanterns')).toEqual(['Bright Orbitzel']);
  // The website still says lanterns; the name's words are gone.
  const tails = await app.db.query<{ tail: string }>(
    'SELECT tail FROM brand_name_tails WHERE brand_id = $1',
    [id],
  );
  expect(tails.map((row) => row.tail)).toEqual(['orbitzel']);
  await app.db.query('DELETE FROM brands WHERE id = $1', [id]);
  expect(await app.db.query('SELECT 1 FROM brand_name_tails WHERE brand_id = $1', [id])).toEqual(
    [],
  );
});

test('search reads a copy of each brand name and website that follows every change (migration 0180)', async () => {
  const [id] = await addBrands(['Quillomar', 'brightfeld.example']);
  expect(await search('brightfeld')).toEqual(['Quillomar']);
  // A move of the website alone: found by the new one (a substring), no longer by the old.
  await app.db.query(`UPDATE brands SET website = 'zephyrine-tools.example' WHERE id = $1`, [id]);
  expect(await search('zephyrine')).toEqual(['Quillomar']);
  expect(await search('brightfeld')).toEqual([]);
  // A change of case only keeps the name's place among the names starting with the text.
  await app.db.query(`UPDATE brands SET name = 'QUILLOMAR' WHERE id = $1`, [id]);
  expect(await search('quillo')).toEqual(['QUILLOMAR']);
  // Name and website swapped their words: the text searched is the same, the name is not.
  await app.db.query(
    `UPDATE brands SET name = 'Quillomar Zephyrine', website = 'tools.example' WHERE id = $1`,
    [id],
  );
  expect(await search('quillomar z')).toEqual(['Quillomar Zephyrine']);
  const copies = await app.db.query<{ same: boolean }>(
    `SELECT count(*) = count(n.brand_id) AND bool_and(n.name = lower(b.name) AND n.search = b.search)
       AS same
     FROM brands b LEFT JOIN brand_search_names n ON n.brand_id = b.id`,
  );
  expect(copies).toEqual([{ same: true }]);
  await app.db.query('DELETE FROM brands WHERE id = $1', [id]);
  expect(await search('quillo')).toEqual([]);
  expect(await app.db.query('SELECT 1 FROM brand_search_names WHERE brand_id = $1', [id])).toEqual(
    [],
  );
});
