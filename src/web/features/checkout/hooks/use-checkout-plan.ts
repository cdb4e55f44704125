import { useMemo, useState } from 'react';
import { belowMinimum, checkChoice, deliveryFeePara, groupLines, linePara, planDropOf, planHouseholdOf, type PlanHousehold } from '#shared/checkout-plan.ts';
import type { Drop } from '#shared/contracts/drops.ts';
import type { Unit } from '#shared/constants.ts';
import type { Household, Slots } from '#shared/contracts/households.ts';
import type { HouseholdCheckoutBody } from '#shared/contracts/orders.ts';
import { paraToRsd, rsdToPara } from '#shared/money.ts';
import { useTranslation } from '#web/lib/translate.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { useHouseholdsLogistics } from '../api/household-logistics.ts';
import type { Pricing } from '#shared/weight-price.ts';
import { choiceErrorsOf, defaultChoice, entryOf, type Choice, type ChoiceErrors } from '../lib/choice.ts';

/** What checkout needs of a basket line (the basket feature's items fit it). */
export interface CheckoutLine {
  product: {
    id: string; name: string; householdId: string; householdName: string; price: number; unit: Unit | string;
    /** Sold by weight: price per kg, quantity in pieces, the line an estimate (absent = by the unit). */
    pricing?: Pricing; pieceWeight?: number | null;
  };
  quantity: number;
}

/** One household's part of the page: its lines and subtotal, settings, slots and the buyer's choice. */
export interface CheckoutGroup {
  householdId: string;
  householdName: string;
  /** Each line with its price as the checkout plan reckons it (`linePara`, para). */
  lines: (CheckoutLine & { linePara: number })[];
  subtotalPara: number;
  household: Household | undefined;
  slots: Slots | undefined;
  choice: Choice;
  errors: ChoiceErrors;
  /** Why the last check refused this household's subtotal (below its minimum order), or undefined. */
  belowMinimum: string | undefined;
  feePara: number;
  /** The drops this household is in that the basket came from (checkout offers "Drop" with them). */
  drops: readonly Drop[];
}

/**
 * The basket split by household with the checkout plan (src/shared/checkout-plan.ts), each
 * household's settings and slots (and the drops the basket came from), and the buyer's choices: fees and total as they change,
 * and the same checks the server makes, before anything is sent.
 */
export function useCheckoutPlan(items: readonly CheckoutLine[], drops: readonly Drop[] = []) {
  const { t } = useTranslation(['checkout', 'logistics']);
  const format = useFormat();
  const basic = useMemo(() => groupLines(items.map((line, itemIndex) => ({
    line, itemIndex, quantity: line.quantity,
    product: {
      id: line.product.id, householdId: line.product.householdId, name: line.product.name, pricePara: rsdToPara(line.product.price),
      pricing: line.product.pricing, pieceWeight: line.product.pieceWeight,
    },
  }))), [items]);
  const logistics = useHouseholdsLogistics(basic.map((g) => g.householdId));
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [errors, setErrors] = useState<Record<string, ChoiceErrors>>({});
  const [minimums, setMinimums] = useState<Record<string, string>>({});

  const groups: CheckoutGroup[] = basic.map((g) => {
    const { household, slots } = logistics[g.householdId] ?? {};
    const householdDrops = drops.filter((d) => d.households.some((h) => h.id === g.householdId));
    const choice = choices[g.householdId] ?? defaultChoice(household, slots, householdDrops);
    return {
      householdId: g.householdId, householdName: g.lines[0]!.line.product.householdName, lines: g.lines.map((l) => ({ ...l.line, linePara: linePara(l) })),
      subtotalPara: g.subtotalPara, household, slots, choice, errors: errors[g.householdId] ?? {}, belowMinimum: minimums[g.householdId],
      feePara: household ? deliveryFeePara(planHouseholdOf(household), choice.deliveryType, g.subtotalPara) : 0,
      drops: householdDrops,
    };
  });

  /** Checks every household's choice (marking its fields) and minimum; the first problem's text, or null. */
  function check(): string | null {
    const next: Record<string, ChoiceErrors> = {};
    const short: Record<string, string> = {};
    let first: string | null = null;
    for (const g of groups) {
      if (!g.household) return t('logistics:loading');
      const plan: PlanHousehold = { ...planHouseholdOf(g.household), drops: g.drops.map(planDropOf) };
      const found = choiceErrorsOf(checkChoice(plan, entryOf(g.householdId, g.household, g.choice, g.drops), new Date(), { form: true }), g.household, g.choice, t);
      if (Object.keys(found).length > 0) next[g.householdId] = found;
      first ??= Object.values(found)[0] ?? null;
      if (belowMinimum(plan, g.subtotalPara)) {
        short[g.householdId] = t('logistics:belowMinimum', { missing: format.total(paraToRsd(plan.minimumOrderPara - g.subtotalPara)), minimum: format.total(g.household.minimumOrder) });
        first ??= short[g.householdId]!;
      }
    }
    setErrors(next);
    setMinimums(short);
    return first;
  }

  return {
    groups,
    totalRsd: paraToRsd(groups.reduce((sum, g) => sum + g.subtotalPara + g.feePara, 0)),
    /** A line is sold by weight: the totals are estimates (docs/weight-pricing.md). */
    hasEstimate: items.some((line) => line.product.pricing === 'weight'),
    isLoading: groups.some((g) => !g.household || !g.slots),
    setChoice: (householdId: string, next: Choice) => setChoices((all) => ({ ...all, [householdId]: next })),
    check,
    /** The per-household list of the order body (call after `check` found nothing). */
    entries: (): HouseholdCheckoutBody[] => groups.map((g) => entryOf(g.householdId, g.household!, g.choice, g.drops)),
  };
}
