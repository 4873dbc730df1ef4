import { describe, expect, test } from 'vitest';
import { cardText, favouriteText, suggestionText, truncate, websiteHref } from './brand-display.ts';

describe('brand text truncation', () => {
  test('a card name of 30 characters is shown whole', () => {
    const name = 'A'.repeat(30);
    expect(cardText(name)).toBe(name);
  });

  test('a card name of 31 characters shows its first 24 and an ellipsis', () => {
    expect(cardText('Abcdefghijklmnopqrstuvwxyz01234')).toBe('Abcdefghijklmnopqrstuvwx…');
  });

  test('websites follow the same rule as names', () => {
    expect(cardText('shop.very-long-brand-name-example.com')).toBe('shop.very-long-brand-nam…');
  });

  test('suggestions cut names over 20 characters', () => {
    expect(suggestionText('Twenty characters ok')).toBe('Twenty characters ok');
    expect(suggestionText('Twenty-one characters')).toBe('Twenty-one character…');
  });

  test('dashboard favourites cut names over 15 characters', () => {
    expect(favouriteText('Vistula Runners')).toBe('Vistula Runners');
    expect(favouriteText('Vistula Runners!')).toBe('Vistula Runners…');
  });

  test('characters outside the basic plane are counted and never split', () => {
    expect(truncate('🍕'.repeat(16), 15)).toBe(`${'🍕'.repeat(15)}…`);
  });

  test('a bare domain links over https, a full address is kept', () => {
    expect(websiteHref('brand.com')).toBe('https://brand.com');
    expect(websiteHref('http://brand.com/about')).toBe('http://brand.com/about');
  });
});
