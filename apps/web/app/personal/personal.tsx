import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import {
  PERSONAL_ELEMENT_ID,
  PERSONAL_SLOT,
  type PersonalByKind,
  type PersonalData,
  type PersonalKind,
} from './personal-data.ts';

// A logged-in reader's catalogue page (ADR 048): the shared "member shell" comes from the page cache
// (rendered without any session: isLoggedIn true, nothing of anyone's), and what is theirs alone is
// one small answer, computed per request and placed in the same HTML as JSON (an inert
// <script type="application/json">, never executed) at the slot the shell left for it. The shell
// shows a neutral state where the personal bits go (never "log in", never a guest's prices or
// buttons); the browser hydrates with the shell's state, as the server drew it, and then at once
// with the reader's (useSyncExternalStore's server snapshot, then its client snapshot).

let documentText: string | undefined;
let documentData: PersonalData | null | undefined;

/** The slot's text in this document, read once (undefined on the server). */
function slotText(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  documentText ??= document.getElementById(PERSONAL_ELEMENT_ID)?.textContent ?? 'null';
  return documentText;
}

function documentPersonal(): PersonalData | null {
  if (documentData !== undefined) return documentData;
  try {
    documentData = JSON.parse(slotText() ?? 'null') as PersonalData | null;
  } catch {
    documentData = null;
  }
  return documentData;
}

const noSubscription = () => () => undefined;
const onServer = () => null;

/**
 * The reader's answer for this page, when the page is a member shell (`deferred`, from its loader)
 * and the document holds an answer of this kind for this path; undefined while hydrating (the
 * shell's neutral state, as the server drew it) and on every other page.
 */
export function usePersonal<K extends PersonalKind>(
  kind: K,
  deferred: boolean | undefined,
): PersonalByKind[K] | undefined {
  const data = useSyncExternalStore(noSubscription, documentPersonal, onServer);
  const location = useLocation();
  if (!deferred || !data || data.kind !== kind || data.path !== location.pathname) return undefined;
  return data.data as PersonalByKind[K];
}

/** The slot's element: the placeholder in the shell, the same text again when the browser hydrates. */
export function PersonalSlot() {
  const text = slotText() ?? PERSONAL_SLOT;
  return (
    <script
      type="application/json"
      id={PERSONAL_ELEMENT_ID}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: inert JSON (escaped by personalSlotText), or the slot marker
      dangerouslySetInnerHTML={{ __html: text }}
    />
  );
}
