import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18nFor } from '#app/i18n/i18n.ts';
import { DocumentLinkText } from './document-link-text.tsx';

function render(i18nKey: string, locale: 'en' | 'ja') {
  const router = createMemoryRouter([
    { path: '/', element: <DocumentLinkText i18nKey={i18nKey} to="/article/terms-of-service" /> },
  ]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18nFor(locale)}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('DocumentLinkText', () => {
  it('puts the document name inside the link, in both languages', () => {
    for (const key of ['law.age.agree_terms', 'law.age.agree_minor', 'dialog.signup.agree_privacy']) {
      for (const locale of ['en', 'ja'] as const) {
        const html = render(key, locale);
        const link = /<a [^>]*href="\/article\/terms-of-service"[^>]*>([^<]+)<\/a>/.exec(html);
        expect(link?.[1]?.trim(), `${key} ${locale}: ${html}`).toBeTruthy();
      }
    }
  });
});
