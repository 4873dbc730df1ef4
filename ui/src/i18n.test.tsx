import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import { useIntl } from 'react-intl';
import { expect, test } from 'vitest';
import { messages } from '@brnd/locales/messages';
import { LanguageProvider, createBrowserCatalog } from './i18n.tsx';

function PricingTitle() {
  return <h1>{useIntl().formatMessage({ id: 'pricing.title' })}</h1>;
}

test('a page namespace that comes into use during a switch to Polish is fetched in Polish too', async () => {
  const catalog = createBrowserCatalog();
  render(
    <LanguageProvider language="po" setLanguage={() => undefined} catalog={catalog}>
      <PricingTitle />
    </LanguageProvider>,
  );
  // A route that started loading in English brings its namespace while Polish is on its way.
  await catalog.load('en', ['pricing']);

  expect(await screen.findByRole('heading', { name: messages.pl['pricing.title'] })).toBeVisible();
  expect(document.body).not.toHaveTextContent(messages.en['pricing.title']!);
});

test('the browser catalog starts with English shared messages only', () => {
  const catalog = createBrowserCatalog();
  expect(catalog.ready('en')).toBe(true);
  expect(catalog.ready('pl')).toBe(false);
  expect(catalog.messages('en')['nav.blog']).toBe(messages.en['nav.blog']);
  expect(catalog.messages('en')['pricing.title']).toBeUndefined();
});
