import { useEffect, useMemo, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from '#web/lib/translate.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { toast } from 'sonner';
import { z } from 'zod';
import { CATEGORIES, UNITS } from '#shared/constants.ts';
import { createProductBody, type Product } from '#shared/contracts/products.ts';
import { formatDecimalInput } from '#shared/decimal-input.ts';
import { PIECE_UNITS, PRICINGS } from '#shared/weight-price.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { useCreateProduct } from '../api/create-product.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { fieldErrorText } from '../lib/field-error.ts';
import { showError } from '#web/lib/show-error.ts';
import { isNotANumber, readDecimal, readRefusal, useSubmitOrSay } from '#web/lib/form.ts';
import { FormRefusal } from '#web/components/form/form-refusal.tsx';
import type { UploadField } from '../lib/upload-field.ts';

/**
 * The form's fields hold what is typed (text, in the language's way: "450,50" in sr and ru,
 * "450.50" in en); the schema reads them into the contract's body. It follows what is on
 * screen (src/web/lib/form.ts): the piece weight is read only when "By weight" is chosen, so a
 * field nobody can see never blocks a Save.
 */
const textFields = z.object({
  name: z.string(), description: z.string(), price: z.string(), unit: z.enum(UNITS), category: z.enum(CATEGORIES),
  availability: z.boolean(), featured: z.boolean(), stock: z.string(), quantityStep: z.string(), availableFrom: z.string(),
  imageId: z.string().nullable().optional(), ingredients: z.string(), allergens: z.string(), storage: z.string(),
  pricing: z.enum(PRICINGS), pieceWeight: z.string(), depositPercent: z.string(), preorderLimit: z.string(),
});

/** "milk, celery" as typed to ["milk", "celery"]. */
const readList = (v: string) => v.split(/[,;]/).map((a) => a.trim()).filter(Boolean);
const readText = (v: string) => (v.trim() === '' ? null : v);

function productFormSchema(language: string) {
  return textFields.transform((v, ctx) => {
    const body = createProductBody.safeParse({
      name: v.name, description: v.description, unit: v.unit, category: v.category, availability: v.availability, featured: v.featured,
      price: readDecimal(v.price, language, undefined),
      stock: readDecimal(v.stock, language, null),
      quantityStep: readDecimal(v.quantityStep, language, undefined),
      availableFrom: readText(v.availableFrom),
      ingredients: readText(v.ingredients), allergens: readList(v.allergens), storage: readText(v.storage),
      pricing: v.pricing,
      pieceWeight: v.pricing === 'weight' ? readDecimal(v.pieceWeight, language, null) : null,
      // A pre-order's deposit and cap (docs/product.md, "Pre-orders and the waitlist"): empty = none.
      depositPercent: readDecimal(v.depositPercent, language, null) ?? 0,
      preorderLimit: readDecimal(v.preorderLimit, language, null),
      ...(v.imageId === undefined ? {} : { imageId: v.imageId }),
    });
    if (body.success) return body.data;
    // The contract's own issues, on the fields that hold them.
    for (const issue of body.error.issues) ctx.addIssue({ ...issue });
    return z.NEVER;
  });
}

type FormInput = z.input<typeof textFields>;
type FormOutput = z.output<typeof createProductBody>;

/** docs/product.md "Product form draft": defaults unit kg, category Voće, available, not featured. */
const EMPTY: FormInput = {
  name: '', description: '', price: '', unit: 'kg', category: 'fruit', availability: true, featured: false, stock: '', quantityStep: '1',
  availableFrom: '', imageId: undefined, ingredients: '', allergens: '', storage: '', pricing: 'unit', pieceWeight: '',
  depositPercent: '', preorderLimit: '',
};

const asText = (value: number | null | undefined, language: string) =>
  (value === null || value === undefined ? '' : formatDecimalInput(value, language));

function valuesOf(product: Product | null, language: string): FormInput {
  if (!product) return EMPTY;
  return {
    name: product.name, description: product.description, price: formatDecimalInput(product.price, language, { money: true }), unit: product.unit, category: product.category,
    availability: product.availability, featured: product.featured, stock: asText(product.stock, language),
    quantityStep: asText(product.quantityStep, language), availableFrom: product.availableFrom ?? '', imageId: undefined,
    ingredients: product.ingredients ?? '', allergens: product.allergens.join(', '), storage: product.storage ?? '',
    pricing: product.pricing, pieceWeight: asText(product.pieceWeight, language),
    depositPercent: product.depositPercent === 0 ? '' : String(product.depositPercent), preorderLimit: asText(product.preorderLimit, language),
  };
}

const selectClass = 'h-10 w-full rounded-md border border-input bg-card px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive';
const FIELDS = ['name', 'description', 'price', 'unit', 'category', 'stock', 'quantityStep', 'availableFrom', 'availability', 'featured', 'imageId', 'ingredients', 'allergens', 'storage', 'pricing', 'pieceWeight', 'depositPercent', 'preorderLimit'] as const;


interface ProductFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: add a new product. */
  product: Product | null;
  UploadField: UploadField;
}

/**
 * Add (empty) or edit (filled) a product; Save stores it, closes, resets and says so.
 * The form is mounted each time the dialog opens, so it always starts from `product`.
 */
export function ProductFormDialog(props: ProductFormDialogProps) {
  const { open, onOpenChange, product } = props;
  const { t } = useTranslation(['producer', 'common']);
  const [isSubmitting, setIsSubmitting] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => { if (!isSubmitting) onOpenChange(next); }}>
      <DialogContent className="max-h-[calc(100dvh-1rem)]">
        <DialogHeader>
          <DialogTitle>{product ? t('form.editTitle') : t('form.addTitle')}</DialogTitle>
          <DialogDescription>{t('form.intro')}</DialogDescription>
        </DialogHeader>
        <ProductForm key={product?.id ?? 'new'} {...props} onSubmittingChange={setIsSubmitting} />
      </DialogContent>
    </Dialog>
  );
}

function ProductForm({ onOpenChange, product, UploadField, onSubmittingChange }: ProductFormDialogProps & { onSubmittingChange: (value: boolean) => void }) {
  const { t, i18n } = useTranslation(['producer', 'common', 'logistics']);
  const format = useFormat();
  const { language } = format;
  const createMutation = useCreateProduct();
  const updateMutation = useUpdateProduct();
  const [image, setImage] = useState<{ url: string; type: 'image' | 'video' } | null>(
    product?.image ? { url: product.thumbnail ?? product.image, type: 'image' } : null,
  );
  const [isUploading, setIsUploading] = useState(false);
  const schema = useMemo(() => productFormSchema(language), [language]);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(schema), defaultValues: valuesOf(product, language), mode: 'onTouched' });
  const { register, reset, getValues, setValue, setError, control, formState: { errors, isSubmitting } } = form;
  const pricing = useWatch({ control, name: 'pricing' });
  /** The unit the producer had while selling by the piece (restored when switching back from "By weight"). */
  const unitByUnit = useRef<FormInput['unit']>(product?.unit ?? EMPTY.unit);
  const shownPricing = useRef(pricing);
  useEffect(() => {
    // After the render, when the select offers the units of the mode now chosen.
    if (pricing === shownPricing.current) return;
    shownPricing.current = pricing;
    if (pricing === 'unit') {
      setValue('unit', unitByUnit.current);
      return;
    }
    const unit = getValues('unit');
    unitByUnit.current = unit;
    if (!(PIECE_UNITS as readonly string[]).includes(unit)) setValue('unit', 'pc');
  }, [pricing, getValues, setValue]);

  useEffect(() => {
    onSubmittingChange(isSubmitting);
    return () => onSubmittingChange(false);
  }, [isSubmitting, onSubmittingChange]);

  /** The text the check before sending shows for `rule` on `field` (producer:form.errors), if it has one. */
  const ruleText = (field: string, rule: string) => {
    const key = `producer:form.errors.${field}.${rule === 'character' ? 'custom' : rule}`;
    return (rule !== 'character' || field === 'name' || field === 'description') && i18n.exists(key) ? t(key) : undefined;
  };
  const error = (field: 'name' | 'description' | 'price' | 'unit' | 'category' | 'stock' | 'quantityStep' | 'availableFrom') =>
    fieldErrorText(t, 'producer:form.errors', field, errors[field]);
  const example = language === 'en' ? '450.50' : '450,50';
  const numberError = (field: 'price' | 'stock' | 'quantityStep') =>
    // Text that is not a number is read as NaN (readDecimal): say how to write one.
    (errors[field] && isNotANumber(form.getValues(field), language) ? t('logistics:product.invalidNumber', { example }) : error(field));

  async function onSubmit(values: FormOutput) {
    try {
      if (product) {
        // imageId only when the photo was changed or removed here.
        const { imageId, ...rest } = values;
        await updateMutation.mutateAsync({ id: product.id, body: imageId === undefined ? rest : { ...rest, imageId } });
        toast.success(t('products.saved'));
      } else {
        await createMutation.mutateAsync(values);
        toast.success(t('products.created'));
      }
      onOpenChange(false);
      reset(EMPTY);
      setImage(null);
    } catch (err) {
      // The server's field refusals go next to their fields in the producer's language, by the
      // rule as the check before sending says it (a 409: more already pre-ordered than the new limit).
      const refused = readRefusal(err, { fields: FIELDS, text: ruleText, fallback: t('form.saveFailed') });
      for (const [field, { rule, message }] of Object.entries(refused.fields)) {
        setError(field as FieldPath<FormInput>, { type: rule, message }, { shouldFocus: field === refused.first });
      }
      showError(null, refused.message);
    }
  }

  const { formProps, refusedHidden, messageRef } = useSubmitOrSay(form, onSubmit);
  const busy = isSubmitting || isUploading;
  // Sold by weight (docs/weight-pricing.md): the price is per kg and the unit is the piece.
  const byWeight = pricing === 'weight';
  const units = byWeight ? PIECE_UNITS : UNITS;
  const describedBy = (field: string, hasError: boolean, hint = false) =>
    [hint ? `product-${field}-hint` : '', hasError ? `product-${field}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <form {...formProps} className="grid gap-4">
      <FormRefusal show={refusedHidden} messageRef={messageRef} />
      <div className="grid gap-2">
        <Label htmlFor="product-name">{t('form.name')}</Label>
        <Input id="product-name" autoComplete="off" maxLength={200} aria-invalid={errors.name ? true : undefined} aria-describedby={describedBy('name', !!errors.name)} {...register('name')} />
        {errors.name ? <p id="product-name-error" role="alert" className="text-sm text-destructive">{error('name')}</p> : null}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="product-description">{t('form.description')}</Label>
        <Textarea id="product-description" rows={3} aria-invalid={errors.description ? true : undefined} aria-describedby={describedBy('description', !!errors.description)} {...register('description')} />
        {errors.description ? <p id="product-description-error" role="alert" className="text-sm text-destructive">{error('description')}</p> : null}
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('form.pricing')}</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="unit" className="size-4 accent-primary" {...register('pricing')} />
          {t('form.pricingUnit')}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="weight" className="size-4 accent-primary" {...register('pricing')} />
          {t('form.pricingWeight')}
        </label>
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-2">
          <Label htmlFor="product-price">{byWeight ? t('form.pricePerKg') : t('form.price')}</Label>
          <Input
            id="product-price" type="text" inputMode="decimal" autoComplete="off" placeholder={example}
            aria-invalid={errors.price ? true : undefined} aria-describedby={describedBy('price', !!errors.price)}
            {...register('price')}
          />
          {errors.price ? <p id="product-price-error" role="alert" className="text-sm text-destructive">{numberError('price')}</p> : null}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="product-unit">{byWeight ? t('form.piece') : t('form.unit')}</Label>
          <select id="product-unit" className={selectClass} aria-invalid={errors.unit ? true : undefined} {...register('unit')}>
            {units.map((unit) => <option key={unit} value={unit}>{format.unit(unit)}</option>)}
          </select>
          {errors.unit ? <p role="alert" className="text-sm text-destructive">{errors.unit.type === 'custom' ? errors.unit.message : error('unit')}</p> : null}
        </div>
      </div>
      {byWeight && (
        <div className="grid gap-2">
          <Label htmlFor="product-piece-weight">{t('form.pieceWeight')}</Label>
          <Input id="product-piece-weight" type="text" inputMode="decimal" autoComplete="off" placeholder={language === 'en' ? '1.2' : '1,2'}
            aria-invalid={errors.pieceWeight ? true : undefined} aria-describedby={describedBy('piece-weight', !!errors.pieceWeight, true)}
            {...register('pieceWeight')} />
          <p id="product-piece-weight-hint" className="text-xs text-muted-foreground">{t('form.pieceWeightHint')}</p>
          {errors.pieceWeight ? <p id="product-piece-weight-error" role="alert" className="text-sm text-destructive">{t('form.pieceWeightInvalid')}</p> : null}
        </div>
      )}
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-2">
          <Label htmlFor="product-category">{t('form.category')}</Label>
          <select id="product-category" className={selectClass} aria-invalid={errors.category ? true : undefined} {...register('category')}>
            {CATEGORIES.map((category) => <option key={category} value={category}>{t(`common:categories.${category}`)}</option>)}
          </select>
          {errors.category ? <p role="alert" className="text-sm text-destructive">{error('category')}</p> : null}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="product-stock">{t('form.stock')}</Label>
          <Input
            id="product-stock" type="text" inputMode="decimal" autoComplete="off"
            aria-invalid={errors.stock ? true : undefined} aria-describedby={describedBy('stock', !!errors.stock, true)}
            {...register('stock')}
          />
        </div>
      </div>
      <p id="product-stock-hint" className="-mt-2 text-xs text-muted-foreground">{t('form.stockHint')}</p>
      {errors.stock ? <p id="product-stock-error" role="alert" className="-mt-2 text-sm text-destructive">{numberError('stock')}</p> : null}
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-2">
          <Label htmlFor="product-step">{t('logistics:product.stepLabel')}</Label>
          <Input id="product-step" type="text" inputMode="decimal" autoComplete="off" aria-invalid={errors.quantityStep ? true : undefined}
            {...register('quantityStep')} />
          {errors.quantityStep ? <p role="alert" className="text-sm text-destructive">{numberError('quantityStep')}</p> : null}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="product-available-from">{t('logistics:product.availableFromLabel')}</Label>
          <Input id="product-available-from" type="date" aria-invalid={errors.availableFrom ? true : undefined}
            {...register('availableFrom')} />
          {errors.availableFrom ? <p role="alert" className="text-sm text-destructive">{error('availableFrom')}</p> : null}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="product-deposit">{t('logistics:product.depositLabel')}</Label>
          <Input id="product-deposit" type="text" inputMode="numeric" autoComplete="off" aria-describedby={errors.depositPercent ? 'product-deposit-hint product-deposit-error' : 'product-deposit-hint'}
            aria-invalid={errors.depositPercent ? true : undefined} {...register('depositPercent')} />
          <p id="product-deposit-hint" className="text-xs text-muted-foreground">{t('logistics:product.depositHint')}</p>
          {errors.depositPercent ? <p id="product-deposit-error" role="alert" className="text-sm text-destructive">{t('logistics:product.depositInvalid')}</p> : null}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="product-preorder-limit">{t('logistics:product.preorderLimitLabel')}</Label>
          <Input id="product-preorder-limit" type="text" inputMode="numeric" autoComplete="off"
            aria-invalid={errors.preorderLimit ? true : undefined} aria-describedby={errors.preorderLimit ? 'product-preorder-limit-error' : undefined}
            {...register('preorderLimit')} />
          {errors.preorderLimit ? <p id="product-preorder-limit-error" role="alert" className="text-sm text-destructive">{errors.preorderLimit.message || t('logistics:product.preorderLimitInvalid')}</p> : null}
        </div>
        <div className="grid gap-2 sm:col-span-2">
          <Label htmlFor="product-ingredients">{t('papers:fields.ingredients')}</Label>
          <Textarea id="product-ingredients" rows={3} maxLength={500} aria-describedby="product-ingredients-help" aria-invalid={errors.ingredients ? true : undefined}
            {...register('ingredients')} />
          <p id="product-ingredients-help" className="text-xs text-muted-foreground">{t('papers:fields.ingredientsHelp')}</p>
          {errors.ingredients ? <p role="alert" className="text-sm text-destructive">{errors.ingredients.message}</p> : null}
        </div>
        <div className="grid gap-2 sm:col-span-2">
          <Label htmlFor="product-allergens">{t('papers:fields.allergens')}</Label>
          <Input id="product-allergens" autoComplete="off" aria-describedby="product-allergens-help" aria-invalid={errors.allergens ? true : undefined}
            {...register('allergens')} />
          <p id="product-allergens-help" className="text-xs text-muted-foreground">{t('papers:fields.allergensHelp')}</p>
          {errors.allergens ? <p role="alert" className="text-sm text-destructive">{errors.allergens.message ?? errors.allergens.root?.message}</p> : null}
        </div>
        <div className="grid gap-2 sm:col-span-2">
          <Label htmlFor="product-storage">{t('papers:fields.storage')}</Label>
          <Input id="product-storage" autoComplete="off" maxLength={200} aria-describedby="product-storage-help" aria-invalid={errors.storage ? true : undefined}
            {...register('storage')} />
          <p id="product-storage-help" className="text-xs text-muted-foreground">{t('papers:fields.storageHelp')}</p>
          {errors.storage ? <p role="alert" className="text-sm text-destructive">{errors.storage.message}</p> : null}
        </div>
      </div>
      <div className="flex flex-wrap gap-6">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" className="size-4 accent-primary" {...register('availability')} />
          {t('form.available')}
        </label>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" className="size-4 accent-primary" {...register('featured')} />
          {t('form.featured')}
        </label>
      </div>
      <UploadField
        id="product-image"
        label={t('form.image')}
        kind="image"
        hint={t('form.imageHint')}
        value={image}
        onUploadingChange={setIsUploading}
        onUploaded={(media) => {
          setImage({ url: media.thumbnailUrl ?? media.url, type: 'image' });
          setValue('imageId', media.id, { shouldDirty: true });
        }}
        onRemove={() => {
          setImage(null);
          setValue('imageId', null, { shouldDirty: true });
        }}
        disabled={isSubmitting}
      />
      {isUploading ? <p className="text-xs text-muted-foreground">{t('form.uploadPending')}</p> : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>{t('form.cancel')}</Button>
        <Button type="submit" disabled={busy}>{isSubmitting ? t('form.saving') : t('form.save')}</Button>
      </DialogFooter>
    </form>
  );
}
