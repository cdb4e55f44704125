import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from './support/test.ts';
import { apiLogin, BUYER_EMAIL, PRODUCER_EMAIL, prepareStorage, type StoredSession } from './support/session.ts';

/**
 * Order conversation (docs/notifications.md): a buyer and a producer exchange messages on an order. The buyer writes from the
 * order page; the producer sees the bell's count and the unread mark on the order card,
 * answers there; the buyer sees the answer. The producer's "Message" button on the buyer page
 * opens the same conversation.
 */

async function placeOrder(request: APIRequestContext, buyer: StoredSession, producerId: string): Promise<string> {
  const products = (await (await request.get(`/api/products?householdId=${producerId}&limit=10`)).json()) as { items: { id: string; price: number; availability: boolean; stock: number | null }[] };
  const product = products.items.find((p) => p.availability && (p.stock === null || p.stock >= 10));
  if (!product) throw new Error('no product to order');
  // Enough for the household's minimum order (the seeded ones ask at most 1,000 RSD).
  const quantity = Math.min(10, Math.max(1, Math.ceil(1000 / product.price)));
  const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const res = await request.post('/api/orders', {
    headers: { authorization: `Bearer ${buyer.accessToken}`, 'idempotency-key': randomUUID() },
    data: { items: [{ productId: product.id, quantity }], deliveryType: 'pickup', pickupDate: tomorrow, pickupTime: '10:00', contactPhone: '+381641234567' },
  });
  if (res.status() !== 201) throw new Error(`checkout failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { orders: { id: string }[] }).orders[0]!.id;
}

test('a buyer and a producer exchange messages on an order', async ({ browser, request }, testInfo) => {
  const buyer = await apiLogin(request, BUYER_EMAIL);
  const producer = await apiLogin(request, PRODUCER_EMAIL);
  const orderId = await placeOrder(request, buyer, producer.user.id);
  const shortId = orderId.slice(0, 8);
  const question = `Kasnim 10 minuta — ${testInfo.project.name} 🙂 Ђурђевак`;
  const answer = `Nema problema, čekamo vas.\nПоздрав! ${testInfo.project.name}`;

  const buyerContext = await browser.newContext({ ...testInfo.project.use });
  const buyerPage = await buyerContext.newPage();
  await prepareStorage(buyerPage, { language: 'en', session: buyer });
  await buyerPage.goto(`/orders?order=${orderId}`);
  const buyerCard = buyerPage.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
  const buyerConversation = buyerCard.getByRole('region', { name: 'Conversation' });
  await expect(buyerConversation.getByText('No messages yet')).toBeVisible();
  // Nothing to send while empty.
  await expect(buyerConversation.getByRole('button', { name: 'Send' })).toBeDisabled();
  await buyerConversation.getByLabel('Your message').fill(question);
  await buyerConversation.getByRole('button', { name: 'Send' }).click();
  const buyerMessages = buyerConversation.getByRole('list', { name: 'Messages' });
  await expect(buyerMessages.getByTestId('message').last()).toContainText(question);
  await expect(buyerConversation.getByLabel('Your message')).toHaveValue('');

  // The producer: the bell counts the new order and the message; the card marks the unread message.
  const producerContext = await browser.newContext({ ...testInfo.project.use });
  const producerPage = await producerContext.newPage();
  await prepareStorage(producerPage, { language: 'en', session: producer });
  await producerPage.goto('/producer/dashboard');
  await expect(producerPage.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
  await producerPage.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  const centre = producerPage.getByRole('dialog', { name: 'Notifications' });
  // Titles are in the reader's account language (the seeded producer's is Serbian).
  const title = centre.getByText(`${buyer.user.name} (поруџбина ${shortId})`);
  await expect(title).toBeVisible();
  await title.click();
  await expect(producerPage).toHaveURL(new RegExp(`tab=orders&order=${orderId}`));

  const producerCard = producerPage.locator(`[data-testid="producer-order"][data-order-id="${orderId}"]`);
  const producerConversation = producerCard.getByRole('region', { name: 'Conversation' });
  const incoming = producerConversation.getByTestId('message').last();
  await expect(incoming).toContainText(question);
  await expect(incoming).toHaveAttribute('data-unread', 'true');
  await producerConversation.getByLabel('Your message').fill(answer);
  await producerConversation.getByRole('button', { name: 'Send' }).click();
  await expect(producerConversation.getByTestId('message').last()).toContainText('Nema problema, čekamo vas.');

  // The buyer sees the answer, byte for byte (line break kept), marked new.
  await buyerPage.reload();
  const reply = buyerCard.getByRole('region', { name: 'Conversation' }).getByTestId('message').last();
  await expect(reply).toContainText('Nema problema, čekamo vas.');
  await expect(reply).toContainText(`Поздрав! ${testInfo.project.name}`);
  await expect(reply).toHaveAttribute('data-unread', 'true');
  const texts = await buyerCard.getByTestId('message').allInnerTexts();
  expect(texts.findIndex((t) => t.includes(question))).toBeLessThan(texts.findIndex((t) => t.includes('Nema problema')));

  // The buyer page's Message button opens the same conversation for the producer.
  await producerPage.goto(`/buyer/${buyer.user.id}`);
  await producerPage.getByRole('button', { name: 'Message' }).click();
  const dialog = producerPage.getByRole('dialog', { name: `Message ${buyer.user.name}` });
  await expect(dialog.getByTestId('message').first()).toBeVisible();

  // Another visitor of the buyer page (the buyer) gets no Message button.
  await buyerPage.goto(`/buyer/${buyer.user.id}`);
  await expect(buyerPage.getByRole('heading', { name: buyer.user.name })).toBeVisible();
  await expect(buyerPage.getByRole('button', { name: 'Message' })).toHaveCount(0);

  await buyerContext.close();
  await producerContext.close();
});
