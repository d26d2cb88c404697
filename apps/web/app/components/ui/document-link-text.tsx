import { Trans } from 'react-i18next';
import { Link } from 'react-router';

/**
 * A translated sentence whose `<doc>…</doc>` part links to a document, opened in a new tab so a
 * form keeps its input. The tag is not `<link>`: that is a void HTML element, and react-i18next's
 * parser would render it empty with its text after it (react-i18next issue #1526).
 */
export function DocumentLinkText({ i18nKey, to }: { i18nKey: string; to: string }) {
  return (
    <Trans
      i18nKey={i18nKey}
      components={{
        doc: (
          <Link
            to={to}
            target="_blank"
            rel="noopener"
            className="font-semibold text-brand-700 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-600"
          />
        ),
      }}
    />
  );
}
