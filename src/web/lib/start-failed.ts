import texts from 'virtual:start-failed-texts';
import { sanitizeLanguage } from './i18n-language.ts';

const NOTICE_ID = 'start-failed';

/**
 * Says so when the app's code could not be loaded (offline, a deploy replaced it): the page is
 * the server's HTML, so links and the search form still work, but its buttons do nothing until
 * a reload. Plain DOM, in the page's language, fixed at the bottom (over the phone's bottom
 * bar) where a visitor who just tapped a button looks; an alert, so screen readers say it.
 */
export function showStartFailed(): void {
  if (document.getElementById(NOTICE_ID)) return;
  const { chunkMessage, reload } = texts[sanitizeLanguage(document.documentElement.lang)];
  const notice = document.createElement('div');
  notice.id = NOTICE_ID;
  notice.setAttribute('role', 'alert');
  notice.className = 'fixed inset-x-0 bottom-0 z-50 bg-foreground pb-[env(safe-area-inset-bottom)] text-background';
  const line = document.createElement('p');
  line.className = 'mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 text-sm';
  const message = document.createElement('span');
  message.textContent = chunkMessage;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = reload;
  button.className = 'min-h-11 rounded-md bg-background px-4 font-medium text-foreground outline-offset-2 focus-visible:outline-2 focus-visible:outline-background';
  button.addEventListener('click', () => window.location.reload());
  line.append(message, button);
  notice.append(line);
  document.body.append(notice);
}
