import { useState } from 'react';
import { Eye, EyeOff, ImageOff, Pencil, Plus, Trash2, type LucideIcon } from 'lucide-react';
import { useTranslation } from '#web/lib/translate.tsx';
import { toast } from 'sonner';
import { SKELETONS } from '#shared/constants.ts';
import type { Product } from '#shared/contracts/products.ts';
import {
  AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription,
  AlertDialogFooter, AlertDialogHeader, AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { DataTable } from '#web/components/ui/table.tsx';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '#web/components/ui/tooltip.tsx';
import { useFormat } from '#web/lib/use-format.ts';
import { useIsDesktop } from '#web/lib/use-media-query.ts';
import { useDeleteProduct } from '../api/delete-product.ts';
import { useOwnProducts } from '../api/get-own-products.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { showError } from '#web/lib/show-error.ts';
import type { UploadField } from '../lib/upload-field.ts';
import { LabelsButton } from './labels-button.tsx';
import { ProductFormDialog } from './product-form-dialog.tsx';

/**
 * docs/product.md, Products tab: own products, Edit, Publish/Unpublish, Delete, Add Product.
 * Cards on a phone, a table with a row per product on a desktop screen.
 */
export function ProductsTab({ UploadField }: { UploadField: UploadField }) {
  const { t } = useTranslation(['producer', 'common']);
  const desktop = useIsDesktop();
  const query = useOwnProducts();
  const [editing, setEditing] = useState<Product | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const deleteMutation = useDeleteProduct();

  const products = query.data?.pages.flatMap((page) => page.items) ?? [];

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await deleteMutation.mutateAsync(deleting.id);
      toast.success(t('products.deleted'));
    } catch (err) {
      showError(err, t('products.actionFailed'));
    } finally {
      setDeleting(null);
    }
  }

  return (
    <section aria-labelledby="products-heading" className="grid gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="products-heading" className="text-lg font-semibold">{t('products.title')}</h2>
        <Button onClick={() => { setEditing(null); setFormOpen(true); }}>
          <Plus aria-hidden="true" />
          {t('products.add')}
        </Button>
      </div>

      {query.isPending ? (
        <ul className="grid gap-3" aria-busy="true" aria-label={t('common:loading')}>
          {Array.from({ length: SKELETONS.orderRows }, (_, i) => <li key={i}><Skeleton className="h-32 w-full rounded-xl" /></li>)}
        </ul>
      ) : query.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 rounded-lg border p-4">
          <p>{t('products.loadError')}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>{t('common:actions.retry')}</Button>
        </div>
      ) : products.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">{t('products.empty')}</p>
      ) : desktop ? (
        <ProductsTable products={products} onEdit={(product) => { setEditing(product); setFormOpen(true); }} onDelete={setDeleting} />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {products.map((product) => (
            <li key={product.id}>
              <ProductRow product={product} onEdit={() => { setEditing(product); setFormOpen(true); }} onDelete={() => setDeleting(product)} />
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button variant="outline" className="justify-self-center" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {t('products.loadMore')}
        </Button>
      ) : null}

      <ProductFormDialog open={formOpen} onOpenChange={setFormOpen} product={editing} UploadField={UploadField} />

      <AlertDialog open={deleting !== null} onOpenChange={(open) => { if (!open && !deleteMutation.isPending) setDeleting(null); }}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('products.deleteTitle')}</AlertDialogTitle>
            <AlertDialogDescription>{t('products.deleteDescription', { name: deleting?.name ?? '' })}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={deleteMutation.isPending}>{t('products.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              disabled={deleteMutation.isPending}
              onClick={(event) => {
                event.preventDefault(); // close only when the call has answered
                void confirmDelete();
              }}
            >
              {t('products.deleteConfirm')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}

/** Publish/Unpublish of one product, with its toast. */
function useTogglePublished(product: Product) {
  const { t } = useTranslation(['producer', 'common']);
  const updateMutation = useUpdateProduct();
  async function toggle() {
    try {
      const updated = await updateMutation.mutateAsync({ id: product.id, body: { availability: !product.availability } });
      toast.success(updated.availability ? t('products.published') : t('products.unpublished'));
    } catch (err) {
      showError(err, t('products.actionFailed'));
    }
  }
  return { toggle, pending: updateMutation.isPending };
}

/** The product's photo, or a placeholder; `compact` (the table's small cell) leaves out the placeholder's words. */
function Thumbnail({ product, className, compact = false }: { product: Product; className: string; compact?: boolean }) {
  const { t } = useTranslation('producer');
  return product.thumbnail ?? product.image ? (
    <img src={product.thumbnail ?? product.image ?? ''} alt="" className={`${className} shrink-0 rounded-md object-cover`} loading="lazy" />
  ) : (
    <div className={`${className} flex shrink-0 flex-col items-center justify-center gap-1 rounded-md bg-muted text-xs text-muted-foreground`}
      title={compact ? t('products.noImage') : undefined}>
      <ImageOff aria-hidden="true" className={compact ? 'size-4' : 'size-5'} />
      {compact ? null : t('products.noImage')}
    </div>
  );
}

function ProductActions({ product, onEdit, onDelete }: { product: Product; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('producer');
  const publish = useTogglePublished(product);
  return (
    <>
      <Button size="sm" variant="outline" onClick={onEdit} aria-label={t('products.editNamed', { name: product.name })}>
        <Pencil aria-hidden="true" />
        {t('products.edit')}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => void publish.toggle()} disabled={publish.pending}
        aria-label={product.availability ? t('products.unpublishNamed', { name: product.name }) : t('products.publishNamed', { name: product.name })}>
        {product.availability ? t('products.unpublish') : t('products.publish')}
      </Button>
      <LabelsButton product={product} />
      <Button size="sm" variant="destructive" onClick={onDelete} aria-label={t('products.deleteNamed', { name: product.name })}>
        <Trash2 aria-hidden="true" />
        {t('products.delete')}
      </Button>
    </>
  );
}

/** An icon button of the table, its words in a tooltip and in its accessible name. */
function IconAction({ icon: Icon, label, tip, onClick, disabled, variant }: {
  icon: LucideIcon; label: string; tip: string; onClick: () => void; disabled?: boolean; variant: 'outline' | 'secondary' | 'destructive';
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button size="icon" variant={variant} className="size-9" onClick={onClick} disabled={disabled} aria-label={label}>
          <Icon aria-hidden="true" />
        </Button>
      </TooltipTrigger>
      <TooltipContent>{tip}</TooltipContent>
    </Tooltip>
  );
}

function ProductTableActions({ product, onEdit, onDelete }: { product: Product; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('producer');
  const publish = useTogglePublished(product);
  const named = { name: product.name };
  return (
    <div className="flex justify-end gap-1.5">
      <IconAction icon={Pencil} variant="outline" onClick={onEdit} label={t('products.editNamed', named)} tip={t('products.edit')} />
      <IconAction icon={product.availability ? EyeOff : Eye} variant="secondary" onClick={() => void publish.toggle()} disabled={publish.pending}
        label={product.availability ? t('products.unpublishNamed', named) : t('products.publishNamed', named)}
        tip={product.availability ? t('products.unpublish') : t('products.publish')} />
      <LabelsButton product={product} compact />
      <IconAction icon={Trash2} variant="destructive" onClick={onDelete} label={t('products.deleteNamed', named)} tip={t('products.delete')} />
    </div>
  );
}

/** The desktop table: one row per product, its name the row header, its actions in the last cell. */
function ProductsTable({ products, onEdit, onDelete }: { products: Product[]; onEdit: (product: Product) => void; onDelete: (product: Product) => void }) {
  const { t } = useTranslation(['producer', 'common']);
  const format = useFormat();
  return (
    <TooltipProvider>
      <DataTable
        aria-labelledby="products-heading"
        data-testid="products-table"
        columns={[
          { label: <span className="sr-only">{t('products.columns.photo')}</span>, className: 'w-16' },
          { label: t('products.columns.name') },
          { label: t('products.columns.category') },
          { label: t('products.columns.price'), align: 'right' },
          { label: t('products.columns.stock'), align: 'right' },
          { label: t('products.columns.state') },
          { label: t('products.columns.actions'), align: 'right' },
        ]}
      >
          <tbody>
            {products.map((product) => (
              <tr key={product.id} className="border-t align-middle">
                <td className="w-16 px-3 py-2"><Thumbnail product={product} className="block size-12 min-w-12" compact /></td>
                <th scope="row" className="px-3 py-2 text-left font-semibold">
                  <span className="line-clamp-2 break-words">{product.name}</span>
                </th>
                <td className="px-3 py-2">{t(`common:categories.${product.category}`)}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{format.productPrice(product)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{product.stock ?? '—'}</td>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap gap-1">
                    <Badge variant={product.availability ? 'success' : 'muted'}>{product.availability ? t('products.available') : t('products.unavailable')}</Badge>
                    {product.featured ? <Badge variant="info">{t('products.featured')}</Badge> : null}
                  </div>
                </td>
                <td className="px-3 py-2">
                  <ProductTableActions product={product} onEdit={() => onEdit(product)} onDelete={() => onDelete(product)} />
                </td>
              </tr>
            ))}
          </tbody>
      </DataTable>
    </TooltipProvider>
  );
}

function ProductRow({ product, onEdit, onDelete }: { product: Product; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation(['producer', 'common']);
  const format = useFormat();

  return (
    <Card className="flex-row gap-3 p-3" aria-label={product.name} role="group">
      <Thumbnail product={product} className="size-24" />
      <div className="grid min-w-0 flex-1 content-start gap-1.5">
        <h3 className="truncate font-semibold">{product.name}</h3>
        {product.description ? <p className="line-clamp-2 text-sm text-muted-foreground">{product.description}</p> : null}
        <div className="flex flex-wrap gap-1">
          <Badge variant="outline">{t(`common:categories.${product.category}`)}</Badge>
          <Badge variant={product.availability ? 'success' : 'muted'}>{product.availability ? t('products.available') : t('products.unavailable')}</Badge>
          {product.featured ? <Badge variant="info">{t('products.featured')}</Badge> : null}
          {product.stock !== null ? <Badge variant="secondary">{t('products.stock', { count: product.stock })}</Badge> : null}
        </div>
        <p className="font-semibold text-primary">{format.productPrice(product)}</p>
        <div className="flex flex-wrap gap-2 pt-1">
          <ProductActions product={product} onEdit={onEdit} onDelete={onDelete} />
        </div>
      </div>
    </Card>
  );
}
