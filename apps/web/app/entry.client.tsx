import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { asLocale, DocumentLocaleContext } from './i18n/document-locale.ts';

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <DocumentLocaleContext.Provider value={asLocale(document.documentElement.lang)}>
        <HydratedRouter />
      </DocumentLocaleContext.Provider>
    </StrictMode>,
  );
});
