import { textLanguage, type Language, type TextLanguage } from '#shared/constants.ts';
import { escapeHtml } from '../../lib/html.ts';
import { inLanguage, type Mail } from '../../lib/mailer.ts';

/** The operator's decisions about a household, mailed to its owner in their language. */
export type Decision = 'approve' | 'suspend' | 'reinstate';

const TEXTS: Record<TextLanguage, { subject: Record<Decision, string>; greeting: (n: string) => string; body: Record<Decision, (household: string) => string>; reason: string; signature: string }> = {
  sr: {
    subject: { approve: 'Домаће: ваше домаћинство је одобрено', suspend: 'Домаће: ваше домаћинство је суспендовано', reinstate: 'Домаће: ваше домаћинство је поново активно' },
    greeting: (n) => `Здраво ${n},`,
    body: {
      approve: (h) => `„${h}“ је одобрено: ваши производи и приче су сада видљиви купцима.`,
      suspend: (h) => `„${h}“ је суспендовано: ваши производи и приче тренутно нису видљиви купцима.`,
      reinstate: (h) => `„${h}“ је поново активно: ваши производи и приче су поново видљиви купцима.`,
    },
    reason: 'Образложење:',
    signature: 'Тим Домаће',
  },
  en: {
    subject: { approve: 'Domaće: your household is approved', suspend: 'Domaće: your household is suspended', reinstate: 'Domaće: your household is active again' },
    greeting: (n) => `Hello ${n},`,
    body: {
      approve: (h) => `"${h}" is approved: your products and stories are now visible to buyers.`,
      suspend: (h) => `"${h}" is suspended: your products and stories are not visible to buyers for now.`,
      reinstate: (h) => `"${h}" is active again: your products and stories are visible to buyers again.`,
    },
    reason: 'Reason:',
    signature: 'The Domaće team',
  },
  ru: {
    subject: { approve: 'Domaće: ваше хозяйство одобрено', suspend: 'Domaće: ваше хозяйство приостановлено', reinstate: 'Domaće: ваше хозяйство снова активно' },
    greeting: (n) => `Здравствуйте, ${n}!`,
    body: {
      approve: (h) => `«${h}» одобрено: ваши товары и истории теперь видны покупателям.`,
      suspend: (h) => `«${h}» приостановлено: ваши товары и истории пока не видны покупателям.`,
      reinstate: (h) => `«${h}» снова активно: ваши товары и истории снова видны покупателям.`,
    },
    reason: 'Причина:',
    signature: 'Команда Domaće',
  },
};

export function decisionMail(decision: Decision, to: { email: string; name: string; language: Language }, household: string, reason: string | null): Mail {
  const t = TEXTS[textLanguage(to.language)];
  const lines = [t.greeting(to.name), '', t.body[decision](household), ...(reason ? [`${t.reason} ${reason}`] : []), '', t.signature, ''];
  const html = `<!doctype html><html lang="${textLanguage(to.language)}"><body style="font-family:system-ui,sans-serif;color:#1f2937">`
    + lines.filter(Boolean).map((l) => `<p>${escapeHtml(l)}</p>`).join('') + '</body></html>';
  return inLanguage({ to: to.email, subject: t.subject[decision], text: lines.join('\n'), html }, to.language);
}
