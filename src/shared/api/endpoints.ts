import { z } from 'zod';
import {
  adminProducer, adminProducersQuery, legalVerification, adminProduct, adminProductsQuery, adminReport, adminReportsQuery, adminUser, adminUsersQuery,
  auditEntry, auditQuery, contentParams, contentState, createReportBody, HOUSEHOLD_STATUSES, promoteBody, reasonBody, report,
  resolveReportBody, stats, statsQuery,
} from '../contracts/admin.ts';
import {
  changePasswordBody, confirmSignupBody, deleteAccountBody, emailBody, loginBody, logoutBody, profile, refreshBody,
  meExport, resetPasswordBody, signupBody, signupResponse, tokensResponse, updateProfileBody,
} from '../contracts/auth.ts';
import { buyerProfile } from '../contracts/buyers.ts';
import { cursorQuery, errorResponse, healthResponse, idParams, listResponse, okResponse } from '../contracts/common.ts';
import {
  cancelDropBody, createDropBody, createDropResponse, drop, dropDetail, dropsListResponse, dropsQuery, handoverBody, handoverResponse, picklist,
  picklistQuery, producerDropsListResponse, producerDropsQuery, updateDropBody,
} from '../contracts/drops.ts';
import { followResponse, household, slotsQuery, slotsResponse, updateHouseholdBody } from '../contracts/households.ts';
import { labelsQuery, pdfDocument } from '../contracts/legal.ts';
import { mediaResponse } from '../contracts/media.ts';
import {
  conversationState, createMessageBody, messagesListResponse, messagesQuery, orderMessage, sharedOrdersResponse,
  unreadConversationsResponse,
} from '../contracts/messages.ts';
import {
  deletePushSubscriptionBody, markReadBody, markReadResponse, notificationSettings, notificationsQuery,
  notificationsResponse, pushKeyResponse, pushSubscriptionBody, pushSubscriptionResponse, updateNotificationSettingsBody,
} from '../contracts/notifications.ts';
import {
  createOrderBody, createOrderResponse, idempotencyHeaders, order, ordersListResponse, ordersQuery,
  producerOrder, producerOrdersListResponse, updateOrderStatusBody,
  orderWeightsBody,
} from '../contracts/orders.ts';
import { ownProductsQuery, producerOverview } from '../contracts/producer.ts';
import { createProductBody, product, productsQuery, searchSuggestion, searchSuggestionsQuery, updateProductBody } from '../contracts/products.ts';
import { buyerReview, createReviewBody, review } from '../contracts/reviews.ts';
import { smsConfirmBody, smsPhoneBody, smsSettings, updateSmsBody } from '../contracts/sms.ts';
import { createAddressBody, productIdParams, savedAddress, updateAddressBody } from '../contracts/saved.ts';
import {
  createStandingOrderBody, skipStandingOrderBody, standingDemandQuery, standingDemandResponse, standingOrder, standingOrdersListResponse,
  standingOrdersQuery, updateStandingOrderBody,
} from '../contracts/standing-orders.ts';
import { statementImportResponse } from '../contracts/payments.ts';
import { createStoryBody, storiesQuery, story } from '../contracts/stories.ts';
import { vitalsReport } from '../contracts/vitals.ts';
import { waitlistBody, waitlistEntry, waitlistResponse } from '../contracts/waitlist.ts';
import { endpoint } from './endpoint.ts';

/**
 * THE API: every endpoint, declared once, grouped by feature. The server registers each one
 * with `app.route({ ...route(endpoints.x.y), onRequest, handler })` (src/server/lib/route.ts),
 * and the web app calls it as `api.x.y({ params, query, body, headers })`
 * (src/web/lib/api-client.ts), both typed by the schemas below.
 *
 * To add an endpoint (docs/architecture.md, "Adding an endpoint"):
 * 1. Put its zod schemas in src/shared/contracts/<feature>.ts.
 * 2. Declare it here under its feature: method, path (with `/api`), access, summary, tags,
 *    params/query/headers/body and `answers`: its success answers (a 204 is `z.null()`) and
 *    the error answers its shape does not imply (`409: e`, `429: e`, …). 400 for an endpoint
 *    with inputs, 401/403 for its access and 404 for a path with `:id` are added by
 *    src/shared/api/answers.ts; listing them too is allowed.
 * 3. Register it in the feature's routes file with `route(...)` and the hook its access needs.
 * 4. src/server/api-registry.test.ts then checks that the server serves it with this method
 *    and path and refuses the callers its access excludes; the web app can call it at once.
 * A new feature group here becomes `api.<group>` in the browser without other changes.
 */

const e = errorResponse;
const authTags = ['auth'];
const adminTags = ['admin'];
/** Beside the derived 400, 401 and 403 (./answers.ts), every operator action may answer these. */
const adminErrors = { 404: e, 409: e } as const;
const householdDecision = z.object({ id: z.uuid(), status: z.enum(HOUSEHOLD_STATUSES) });
const userSuspension = z.object({ id: z.uuid(), suspended: z.boolean() });

export const endpoints = {
  health: {
    check: endpoint({
      method: 'GET', path: '/api/health', access: 'anyone', tags: ['health'],
      summary: 'Liveness and database reachability',
      answers: { 200: healthResponse, 503: healthResponse },
    }),
  },

  auth: {
    signup: endpoint({
      method: 'POST', path: '/api/auth/signup', access: 'anyone', tags: authTags,
      summary: 'Create an account; mails a 6-digit code',
      body: signupBody,
      answers: { 201: signupResponse, 401: e, 403: e, 409: e, 429: e },
    }),
    confirmSignup: endpoint({
      method: 'POST', path: '/api/auth/confirm-signup', access: 'anyone', tags: authTags,
      summary: 'Confirm the e-mail with its code',
      body: confirmSignupBody,
      answers: { 200: okResponse, 401: e, 403: e, 409: e, 429: e },
    }),
    resendCode: endpoint({
      method: 'POST', path: '/api/auth/resend-code', access: 'anyone', tags: authTags,
      summary: 'Send a new signup code (at most once a minute); always 200',
      body: emailBody,
      answers: { 200: okResponse, 401: e, 403: e, 409: e, 429: e },
    }),
    login: endpoint({
      method: 'POST', path: '/api/auth/login', access: 'anyone', tags: authTags,
      summary: 'Log in',
      body: loginBody,
      answers: { 200: tokensResponse, 401: e, 403: e, 409: e, 429: e },
    }),
    refresh: endpoint({
      method: 'POST', path: '/api/auth/refresh', access: 'anyone', tags: authTags,
      summary: 'New tokens for a refresh token (rotation)',
      body: refreshBody,
      answers: { 200: tokensResponse, 401: e, 403: e, 409: e, 429: e },
    }),
    logout: endpoint({
      method: 'POST', path: '/api/auth/logout', access: 'signed-in', tags: authTags,
      summary: 'End this session: its tokens stop working',
      body: logoutBody,
      answers: { 200: okResponse, 403: e, 409: e, 429: e },
    }),
    forgotPassword: endpoint({
      method: 'POST', path: '/api/auth/forgot-password', access: 'anyone', tags: authTags,
      summary: 'Mail a password reset code if the account exists; always 200',
      body: emailBody,
      answers: { 200: okResponse, 401: e, 403: e, 409: e, 429: e },
    }),
    resetPassword: endpoint({
      method: 'POST', path: '/api/auth/reset-password', access: 'anyone', tags: authTags,
      summary: 'Set a new password with the mailed code; ends all sessions',
      body: resetPasswordBody,
      answers: { 200: okResponse, 401: e, 403: e, 409: e, 429: e },
    }),
  },

  me: {
    get: endpoint({
      method: 'GET', path: '/api/me', access: 'signed-in', tags: authTags,
      summary: 'Own profile with real counters',
      answers: { 200: profile },
    }),
    update: endpoint({
      method: 'PATCH', path: '/api/me', access: 'signed-in', tags: authTags,
      summary: 'Change own profile (not the e-mail or the user type)',
      body: updateProfileBody,
      answers: { 200: profile, 403: e, 409: e, 429: e },
    }),
    changePassword: endpoint({
      method: 'POST', path: '/api/me/password', access: 'signed-in', tags: authTags,
      summary: 'Change own password; ends the other sessions',
      body: changePasswordBody,
      answers: { 200: okResponse, 403: e, 409: e, 429: e },
    }),
    exportData: endpoint({
      method: 'GET', path: '/api/me/export', access: 'signed-in', tags: authTags,
      summary: 'Everything stored about the signed-in user, as JSON',
      answers: { 200: meExport, 429: e },
    }),
    remove: endpoint({
      method: 'DELETE', path: '/api/me', access: 'signed-in', tags: authTags,
      summary: 'Delete the own account (password required): sessions end, profile and reviews removed, orders kept for the producers',
      body: deleteAccountBody,
      answers: { 200: okResponse, 403: e, 409: e, 429: e },
    }),
    following: endpoint({
      method: 'GET', path: '/api/me/following', access: 'signed-in', tags: ['follows'],
      summary: 'Households the signed-in user follows, latest first',
      query: cursorQuery.strict(),
      answers: { 200: listResponse(household) },
    }),
    sms: endpoint({
      method: 'GET', path: '/api/me/sms', access: 'producer', tags: ['sms'],
      summary: "The producer's SMS settings: phone (E.164), whether it is confirmed, events, quiet hours, script",
      answers: { 200: smsSettings },
    }),
    setSmsPhone: endpoint({
      method: 'PUT', path: '/api/me/sms', access: 'producer', tags: ['sms'],
      summary: 'Give a phone for SMS: normalised to E.164, a 6-digit code is sent to it by SMS (valid 10 minutes, 5 tries)',
      body: smsPhoneBody,
      answers: { 202: smsSettings, 409: e, 429: e },
    }),
    confirmSms: endpoint({
      method: 'POST', path: '/api/me/sms/confirm', access: 'producer', tags: ['sms'],
      summary: 'Confirm the phone with the code it received',
      body: smsConfirmBody,
      answers: { 200: smsSettings, 409: e, 429: e },
    }),
    updateSms: endpoint({
      method: 'PATCH', path: '/api/me/sms', access: 'producer', tags: ['sms'],
      summary: 'Choose the SMS events, the quiet hours (HH:MM, Belgrade) and the script',
      body: updateSmsBody,
      answers: { 200: smsSettings, 404: e },
    }),
    stopSms: endpoint({
      method: 'DELETE', path: '/api/me/sms', access: 'producer', tags: ['sms'],
      summary: 'Stop all SMS: the phone and the settings are forgotten',
      answers: { 200: okResponse },
    }),
  },

  products: {
    list: endpoint({
      method: 'GET', path: '/api/products', access: 'anyone-personalised', tags: ['catalog'],
      summary: 'Available products, newest first; q searches name, household and category (ranked, name matches first)',
      query: productsQuery,
      answers: { 200: listResponse(product) },
      publicCache: { topics: ['products'], callers: 'verified' },
    }),
    suggestions: endpoint({
      method: 'GET', path: '/api/products/suggestions', access: 'anyone', tags: ['catalog'],
      summary: 'Nearby spellings that exist (product names, households, towns) for a search that found nothing; at most 5',
      query: searchSuggestionsQuery,
      answers: { 200: listResponse(searchSuggestion) },
    }),
    get: endpoint({
      method: 'GET', path: '/api/products/:id', access: 'anyone', tags: ['catalog'],
      summary: 'One product (also when unavailable; archived ones are gone)',
      params: idParams,
      answers: { 200: product },
      publicCache: { topics: ['products'], callers: 'verified' },
    }),
    create: endpoint({
      method: 'POST', path: '/api/products', access: 'producer', tags: ['products'],
      summary: 'Create a product (producer)',
      body: createProductBody,
      answers: { 201: product, 404: e },
    }),
    update: endpoint({
      method: 'PATCH', path: '/api/products/:id', access: 'producer', tags: ['products'],
      summary: 'Edit, publish/unpublish or feature an own product',
      params: idParams, body: updateProductBody,
      answers: { 200: product },
    }),
    archive: endpoint({
      method: 'DELETE', path: '/api/products/:id', access: 'producer', tags: ['products'],
      summary: 'Delete (archive) an own product; orders keep their lines',
      params: idParams,
      answers: { 204: z.null() },
    }),
  },

  reviews: {
    ofProduct: endpoint({
      method: 'GET', path: '/api/products/:id/reviews', access: 'anyone', tags: ['reviews'],
      summary: 'Reviews of a product, newest first',
      params: idParams, query: cursorQuery.strict(),
      answers: { 200: listResponse(review) },
    }),
    write: endpoint({
      method: 'POST', path: '/api/products/:id/reviews', access: 'signed-in', tags: ['reviews'],
      summary: 'Review a product (201); writing again edits the own review (200)',
      params: idParams, body: createReviewBody,
      answers: { 200: review, 201: review, 403: e },
    }),
  },

  households: {
    list: endpoint({
      method: 'GET', path: '/api/households', access: 'anyone-personalised', tags: ['households'],
      summary: 'Households, newest first, with hasActiveStory and (signed in) isFollowing',
      query: cursorQuery.strict(),
      answers: { 200: listResponse(household) },
      publicCache: { topics: ['households'], callers: 'anonymous' },
    }),
    get: endpoint({
      method: 'GET', path: '/api/households/:id', access: 'anyone-personalised', tags: ['households'],
      summary: 'One household',
      params: idParams,
      answers: { 200: household },
      publicCache: { topics: ['households'], callers: 'anonymous' },
    }),
    slots: endpoint({
      method: 'GET', path: '/api/households/:id/slots', access: 'anyone', tags: ['households'],
      summary: 'Pickup windows and delivery days from a day (Europe/Belgrade), nothing in the past',
      params: idParams, query: slotsQuery,
      answers: { 200: slotsResponse },
    }),
    update: endpoint({
      method: 'PATCH', path: '/api/households/:id', access: 'producer', tags: ['households'],
      summary: 'Edit the own household profile, its pickup points, delivery, minimum order and payment',
      params: idParams, body: updateHouseholdBody,
      answers: { 200: household },
    }),
    follow: endpoint({
      method: 'PUT', path: '/api/households/:id/follow', access: 'signed-in', tags: ['follows'],
      summary: 'Follow a household (idempotent)',
      params: idParams,
      answers: { 200: followResponse },
    }),
    unfollow: endpoint({
      method: 'DELETE', path: '/api/households/:id/follow', access: 'signed-in', tags: ['follows'],
      summary: 'Unfollow a household (idempotent)',
      params: idParams,
      answers: { 200: followResponse },
    }),
  },

  buyers: {
    get: endpoint({
      method: 'GET', path: '/api/buyers/:id', access: 'anyone-personalised', tags: ['buyers'],
      summary: 'Public buyer profile with real totals (no e-mail or phone; the total spent only to the buyer unless shown)',
      params: idParams,
      answers: { 200: buyerProfile },
    }),
    reviews: endpoint({
      method: 'GET', path: '/api/buyers/:id/reviews', access: 'anyone', tags: ['buyers'],
      summary: 'Reviews the buyer wrote, newest first, with the product',
      params: idParams, query: cursorQuery.strict(),
      answers: { 200: listResponse(buyerReview) },
    }),
  },

  stories: {
    list: endpoint({
      method: 'GET', path: '/api/stories', access: 'anyone-personalised', tags: ['stories'],
      summary: 'Active stories (last 24 h), newest first (a producer also sees its own while its household waits for approval)',
      query: storiesQuery,
      answers: { 200: listResponse(story) },
    }),
    create: endpoint({
      method: 'POST', path: '/api/stories', access: 'producer', tags: ['stories'],
      summary: 'Post a story from an own uploaded image or video',
      body: createStoryBody,
      answers: { 201: story, 404: e },
    }),
    remove: endpoint({
      method: 'DELETE', path: '/api/stories/:id', access: 'producer', tags: ['stories'],
      summary: 'Delete an own story',
      params: idParams,
      answers: { 204: z.null() },
    }),
  },

  media: {
    upload: endpoint({
      method: 'POST', path: '/api/media', access: 'signed-in', tags: ['media'], multipart: true,
      summary: 'Upload an image (JPEG, PNG, WebP, AVIF; <= 10 MB, <= 40 MP) or a video (MP4, WebM; <= 50 MB)',
      answers: { 201: mediaResponse, 413: e, 415: e, 507: e },
    }),
  },

  orders: {
    create: endpoint({
      method: 'POST', path: '/api/orders', access: 'signed-in', tags: ['orders'],
      summary: 'Check out the whole basket: one order per household, all or none',
      headers: idempotencyHeaders, body: createOrderBody,
      answers: { 201: createOrderResponse, 403: e, 404: e, 409: e, 422: e },
    }),
    list: endpoint({
      method: 'GET', path: '/api/orders', access: 'signed-in', tags: ['orders'],
      summary: 'Own orders, newest first',
      query: ordersQuery,
      answers: { 200: ordersListResponse, 403: e, 404: e, 409: e, 422: e },
    }),
    get: endpoint({
      method: 'GET', path: '/api/orders/:id', access: 'signed-in', tags: ['orders'],
      summary: 'One own order',
      params: idParams,
      answers: { 200: order, 403: e, 409: e, 422: e },
    }),
    cancel: endpoint({
      method: 'POST', path: '/api/orders/:id/cancel', access: 'signed-in', tags: ['orders'],
      summary: 'Cancel an own order while it is pending or awaiting the buyer (stock is returned)',
      params: idParams,
      answers: { 200: order, 403: e, 409: e, 422: e },
    }),
    paymentSent: endpoint({
      method: 'POST', path: '/api/orders/:id/payment-sent', access: 'signed-in', tags: ['orders', 'payments'],
      summary: 'The buyer says an IPS order is paid: payment.status becomes reported (again: 200, unchanged); cash 409 order.not_ips, paid 409 order.already_paid, not weighed yet 409 order.weights_missing',
      params: idParams,
      answers: { 200: order, 409: e },
    }),
    accept: endpoint({
      method: 'POST', path: '/api/orders/:id/accept', access: 'signed-in', tags: ['orders'],
      summary: 'Accept the weighed total of an own order awaiting the buyer (more than 15 % above the estimate); the order continues',
      params: idParams,
      answers: { 200: order, 409: e },
    }),
  },

  producer: {
    orders: endpoint({
      method: 'GET', path: '/api/producer/orders', access: 'producer', tags: ['orders', 'producer'],
      summary: "Orders for the producer's household, newest first",
      query: ordersQuery,
      answers: { 200: producerOrdersListResponse, 404: e, 409: e },
    }),
    importPayments: endpoint({
      method: 'POST', path: '/api/producer/payments/import', access: 'producer', tags: ['payments', 'producer'], multipart: true,
      summary: 'Match a bank statement (CSV, field "file", <= 5 MB) to own orders by model 97 reference and amount; matched orders become paid',
      answers: { 200: statementImportResponse, 413: e, 415: e },
    }),
    setOrderStatus: endpoint({
      method: 'PATCH', path: '/api/producer/orders/:id', access: 'producer', tags: ['orders', 'producer'],
      summary: 'Change the status or the payment state of an own household order',
      params: idParams, body: updateOrderStatusBody,
      answers: { 200: producerOrder, 409: e },
    }),
    depositRefunded: endpoint({
      method: 'POST', path: '/api/producer/orders/:id/deposit-refunded', access: 'producer', tags: ['orders', 'producer', 'payments'],
      summary: "The producer gave a cancelled pre-order's paid deposit back: deposit.status refund_due -> refunded (again: 200, unchanged); no deposit 409 order.no_deposit, not due back 409 order.deposit_not_refund_due",
      params: idParams,
      answers: { 200: producerOrder, 409: e },
    }),
    setOrderWeights: endpoint({
      method: 'PATCH', path: '/api/producer/orders/:id/weights', access: 'producer', tags: ['orders', 'producer'],
      summary: 'Enter the weight (kg) of lines sold by weight of an own household order; the total becomes final once every such line is weighed',
      params: idParams, body: orderWeightsBody,
      answers: { 200: producerOrder, 409: e },
    }),
    products: endpoint({
      method: 'GET', path: '/api/producer/products', access: 'producer', tags: ['producer'],
      summary: 'All own products, published or not (not archived)',
      query: ownProductsQuery,
      answers: { 200: listResponse(product), 404: e },
    }),
    overview: endpoint({
      method: 'GET', path: '/api/producer/overview', access: 'producer', tags: ['producer'],
      summary: 'Orders waiting, sales of the last 7 days and of each of the last 30 days',
      answers: { 200: producerOverview, 400: e, 404: e },
    }),
    // Papers and labels (docs/papers-and-labels.md): PDF answers, fetched as files by the web app.
    labels: endpoint({
      method: 'GET', path: '/api/producer/labels', access: 'producer', tags: ['producer', 'labels'],
      summary: 'A4 sheets of 70 x 37 mm labels (24 a sheet) of an own product, as application/pdf',
      query: labelsQuery,
      answers: { 200: pdfDocument, 404: e },
    }),
    orderSlip: endpoint({
      method: 'GET', path: '/api/producer/orders/:id/slip', access: 'producer', tags: ['orders', 'producer', 'labels'],
      summary: "A packing slip of an own household's order, in the producer's language, as application/pdf",
      params: idParams,
      answers: { 200: pdfDocument },
    }),
  },
  /** The waitlist of sold-out products and its holds (docs/product.md, "Pre-orders and the waitlist"). */
  waitlist: {
    join: endpoint({
      method: 'PUT', path: '/api/products/:id/waitlist', access: 'signed-in', tags: ['waitlist'],
      summary: 'Wait for a sold-out product (or one whose pre-order limit is reached); again: the quantity changes, the place stays. Own product 409 waitlist.own_product, on sale 409 waitlist.on_sale',
      params: idParams, body: waitlistBody,
      answers: { 200: waitlistEntry, 409: e },
    }),
    leave: endpoint({
      method: 'DELETE', path: '/api/products/:id/waitlist', access: 'signed-in', tags: ['waitlist'],
      summary: 'Stop waiting (idempotent); a hold goes back to the stock and on to the next buyer',
      params: idParams,
      answers: { 204: z.null() },
    }),
    mine: endpoint({
      method: 'GET', path: '/api/me/waitlist', access: 'signed-in', tags: ['waitlist'],
      summary: 'The products the signed-in user waits for, with any hold, in join order',
      answers: { 200: waitlistResponse },
    }),
  },
  /** Saved products and saved delivery addresses of the signed-in user (docs/saved.md). */
  saved: {
    products: endpoint({
      method: 'GET', path: '/api/me/saved-products', access: 'signed-in', tags: ['saved'],
      summary: 'Products the signed-in user saved, newest first',
      query: cursorQuery.strict(),
      answers: { 200: listResponse(product) },
    }),
    saveProduct: endpoint({
      method: 'PUT', path: '/api/me/saved-products/:productId', access: 'signed-in', tags: ['saved'],
      summary: 'Save a product (idempotent)',
      params: productIdParams,
      answers: { 204: z.null() },
    }),
    unsaveProduct: endpoint({
      method: 'DELETE', path: '/api/me/saved-products/:productId', access: 'signed-in', tags: ['saved'],
      summary: 'Unsave a product (idempotent)',
      params: productIdParams,
      answers: { 204: z.null() },
    }),
    addresses: endpoint({
      method: 'GET', path: '/api/me/addresses', access: 'signed-in', tags: ['saved'],
      summary: 'Saved delivery addresses, the default first',
      answers: { 200: listResponse(savedAddress) },
    }),
    createAddress: endpoint({
      method: 'POST', path: '/api/me/addresses', access: 'signed-in', tags: ['saved'],
      summary: 'Save a delivery address (at most 10; the 11th is 409 address.limit)',
      body: createAddressBody,
      answers: { 201: savedAddress, 404: e, 409: e },
    }),
    updateAddress: endpoint({
      method: 'PATCH', path: '/api/me/addresses/:id', access: 'signed-in', tags: ['saved'],
      summary: 'Change an own saved address',
      params: idParams, body: updateAddressBody,
      answers: { 200: savedAddress },
    }),
    deleteAddress: endpoint({
      method: 'DELETE', path: '/api/me/addresses/:id', access: 'signed-in', tags: ['saved'],
      summary: 'Delete an own saved address',
      params: idParams,
      answers: { 204: z.null() },
      }),
    },

  reports: {
    create: endpoint({
      method: 'POST', path: '/api/reports', access: 'signed-in', tags: ['moderation'],
      summary: 'Report content (one open report per user and target)',
      body: createReportBody,
      answers: { 201: report, 403: e, 404: e, 409: e, 429: e },
    }),
  },

  admin: {
    producers: endpoint({
      method: 'GET', path: '/api/admin/producers', access: 'admin', tags: adminTags,
      summary: 'Households by status, with owner e-mail, created and counts',
      query: adminProducersQuery,
      answers: { 200: listResponse(adminProducer), ...adminErrors },
    }),
    approveProducer: endpoint({
      method: 'POST', path: '/api/admin/producers/:id/approve', access: 'admin', tags: adminTags,
      summary: 'Approve a household; its owner is mailed',
      params: idParams, body: reasonBody,
      answers: { 200: householdDecision, ...adminErrors },
    }),
    suspendProducer: endpoint({
      method: 'POST', path: '/api/admin/producers/:id/suspend', access: 'admin', tags: adminTags,
      summary: 'Suspend a household (it leaves every public answer); its owner is mailed',
      params: idParams, body: reasonBody,
      answers: { 200: householdDecision, ...adminErrors },
    }),
    reinstateProducer: endpoint({
      method: 'POST', path: '/api/admin/producers/:id/reinstate', access: 'admin', tags: adminTags,
      summary: 'Reinstate a suspended household; its owner is mailed',
      params: idParams, body: reasonBody,
      answers: { 200: householdDecision, ...adminErrors },
    }),
    verifyLegal: endpoint({
      method: 'POST', path: '/api/admin/producers/:id/verify-legal', access: 'admin', tags: adminTags,
      summary: "Mark the household's papers (legal form, holding number, PIB, registrations) as checked; the owner's next change of them clears it",
      params: idParams, body: reasonBody,
      answers: { 200: legalVerification, ...adminErrors },
    }),
    products: endpoint({
      method: 'GET', path: '/api/admin/products', access: 'admin', tags: adminTags,
      summary: 'Products for promotion (search, promoted filter)',
      query: adminProductsQuery,
      answers: { 200: listResponse(adminProduct), ...adminErrors },
    }),
    promoteProduct: endpoint({
      method: 'PATCH', path: '/api/admin/products/:id', access: 'admin', tags: adminTags,
      summary: 'Promote a product (optionally until a day) or end its promotion',
      params: idParams, body: promoteBody,
      answers: { 200: adminProduct, ...adminErrors },
    }),
    reports: endpoint({
      method: 'GET', path: '/api/admin/reports', access: 'admin', tags: adminTags,
      summary: "Reports with the target's current text",
      query: adminReportsQuery,
      answers: { 200: listResponse(adminReport), ...adminErrors },
    }),
    resolveReport: endpoint({
      method: 'POST', path: '/api/admin/reports/:id/resolve', access: 'admin', tags: adminTags,
      summary: 'hide (the target leaves every public answer, restorable) or dismiss',
      params: idParams, body: resolveReportBody,
      answers: { 200: z.object({ id: z.uuid(), status: z.literal('resolved'), resolution: z.enum(['hide', 'dismiss']) }), ...adminErrors },
    }),
    restoreContent: endpoint({
      method: 'POST', path: '/api/admin/content/:type/:id/restore', access: 'admin', tags: adminTags,
      summary: 'Undo a hide',
      params: contentParams,
      answers: { 200: contentState, ...adminErrors },
    }),
    users: endpoint({
      method: 'GET', path: '/api/admin/users', access: 'admin', tags: adminTags,
      summary: 'Accounts (search by e-mail or name)',
      query: adminUsersQuery,
      answers: { 200: listResponse(adminUser), ...adminErrors },
    }),
    suspendUser: endpoint({
      method: 'POST', path: '/api/admin/users/:id/suspend', access: 'admin', tags: adminTags,
      summary: 'Suspend an account: its tokens stop working at once, login answers auth.suspended',
      params: idParams, body: reasonBody,
      answers: { 200: userSuspension, ...adminErrors },
    }),
    reinstateUser: endpoint({
      method: 'POST', path: '/api/admin/users/:id/reinstate', access: 'admin', tags: adminTags,
      summary: 'Reinstate a suspended account',
      params: idParams, body: reasonBody,
      answers: { 200: userSuspension, ...adminErrors },
    }),
    audit: endpoint({
      method: 'GET', path: '/api/admin/audit', access: 'admin', tags: adminTags,
      summary: 'Every operator action, newest first',
      query: auditQuery,
      answers: { 200: listResponse(auditEntry), ...adminErrors },
    }),
    stats: endpoint({
      method: 'GET', path: '/api/admin/stats', access: 'admin', tags: adminTags,
      summary: 'Orders, revenue (RSD), buyers and producers over the last days (Europe/Belgrade), by day',
      query: statsQuery,
      answers: { 200: stats, ...adminErrors },
    }),
  },
  /**
   * An order's conversation. Only the order's buyer and its producer see it; anyone else,
   * signed out included, gets 404 (not 401), so an order id reveals nothing: the door is open
   * (`anyone-personalised`) and the service decides.
   */
  messages: {
    list: endpoint({
      method: 'GET', path: '/api/orders/:id/messages', access: 'anyone-personalised', tags: ['messages'],
      summary: "The order's conversation, oldest first (its buyer and producer only; 404 for anyone else)",
      params: idParams, query: messagesQuery,
      answers: { 200: messagesListResponse, 403: e, 429: e },
    }),
    send: endpoint({
      method: 'POST', path: '/api/orders/:id/messages', access: 'anyone-personalised', tags: ['messages'],
      summary: 'Write to the other party of the order (1–1000 characters, kept byte for byte; 404 for anyone else)',
      params: idParams, body: createMessageBody,
      answers: { 201: orderMessage, 403: e, 429: e },
    }),
    state: endpoint({
      method: 'GET', path: '/api/orders/:id/messages/state', access: 'anyone-personalised', tags: ['messages'],
      summary: "The caller's unread count and last read time of the conversation (404 for anyone else)",
      params: idParams,
      answers: { 200: conversationState, 403: e, 429: e },
    }),
    markRead: endpoint({
      method: 'POST', path: '/api/orders/:id/messages/read', access: 'anyone-personalised', tags: ['messages'],
      summary: 'Mark the conversation read up to now, its message notifications too (404 for anyone else)',
      params: idParams,
      answers: { 200: conversationState, 403: e, 429: e },
    }),
    unread: endpoint({
      method: 'GET', path: '/api/messages/unread', access: 'signed-in', tags: ['messages'],
      summary: "The caller's conversations with unread messages",
      answers: { 200: unreadConversationsResponse, 400: e, 403: e, 404: e, 429: e },
    }),
    sharedOrders: endpoint({
      method: 'GET', path: '/api/producer/buyers/:id/orders', access: 'producer', tags: ['messages', 'producer'],
      summary: "The caller's household orders from this buyer (for the buyer page's Message button)",
      params: idParams,
      answers: { 200: sharedOrdersResponse, 429: e },
    }),
  },

  notifications: {
    list: endpoint({
      method: 'GET', path: '/api/notifications', access: 'signed-in', tags: ['notifications'],
      summary: "The caller's notifications, newest first, with the unread count",
      query: notificationsQuery,
      answers: { 200: notificationsResponse, 404: e },
    }),
    markRead: endpoint({
      method: 'POST', path: '/api/notifications/read', access: 'signed-in', tags: ['notifications'],
      summary: 'Mark notifications read: those of `ids`, or all when none are given (a body-less request too)',
      body: markReadBody,
      answers: { 200: markReadResponse, 404: e },
    }),
    settings: endpoint({
      method: 'GET', path: '/api/notifications/settings', access: 'signed-in', tags: ['notifications'],
      summary: 'Mail and push per kind of notification',
      answers: { 200: notificationSettings, 400: e, 404: e },
    }),
    updateSettings: endpoint({
      method: 'PUT', path: '/api/notifications/settings', access: 'signed-in', tags: ['notifications'],
      summary: 'Change mail and push per kind (kinds and channels left out stay)',
      body: updateNotificationSettingsBody,
      answers: { 200: notificationSettings, 404: e },
    }),
  },

  standingOrders: {
    list: endpoint({
      method: 'GET', path: '/api/standing-orders', access: 'signed-in', tags: ['standing-orders'],
      summary: 'Own standing orders, newest first',
      query: standingOrdersQuery,
      answers: { 200: standingOrdersListResponse },
    }),
    create: endpoint({
      method: 'POST', path: '/api/standing-orders', access: 'signed-in', tags: ['standing-orders'],
      summary: 'Order the same products of one household every 1, 2 or 4 weeks (the first date passes the checkout rules)',
      body: createStandingOrderBody,
      answers: { 201: standingOrder, 403: e, 404: e, 409: e },
    }),
    update: endpoint({
      method: 'PATCH', path: '/api/standing-orders/:id', access: 'signed-in', tags: ['standing-orders'],
      summary: 'Change the items, schedule or fulfilment of an own standing order; pause (pausedUntil), resume or cancel it',
      params: idParams, body: updateStandingOrderBody,
      answers: { 200: standingOrder, 403: e, 409: e },
    }),
    cancel: endpoint({
      method: 'DELETE', path: '/api/standing-orders/:id', access: 'signed-in', tags: ['standing-orders'],
      summary: 'Cancel an own standing order (orders already placed stay)',
      params: idParams,
      answers: { 200: standingOrder },
    }),
    skip: endpoint({
      method: 'POST', path: '/api/standing-orders/:id/skip', access: 'signed-in', tags: ['standing-orders'],
      summary: 'Skip one coming cycle of an own standing order (409 when it is already ordered)',
      params: idParams, body: skipStandingOrderBody,
      answers: { 200: standingOrder, 409: e },
    }),
    demand: endpoint({
      method: 'GET', path: '/api/producer/standing-demand', access: 'producer', tags: ['standing-orders', 'producer'],
      summary: "What the household's live standing orders commit on each day of the window",
      query: standingDemandQuery,
      answers: { 200: standingDemandResponse },
    }),
  },

  /** Drops: several households at one place for an hour (docs/drops.md). */
  drops: {
    list: endpoint({
      method: 'GET', path: '/api/drops', access: 'anyone', tags: ['drops'],
      summary: 'Upcoming drops (not cancelled, from today), soonest first; town in either script, without diacritics',
      query: dropsQuery,
      answers: { 200: dropsListResponse, 400: e },
    }),
    get: endpoint({
      method: 'GET', path: '/api/drops/:id', access: 'anyone-personalised', tags: ['drops'],
      summary: 'One drop with the orderable products of its households (orderCount for its host and members)',
      params: idParams,
      answers: { 200: dropDetail, 400: e, 404: e },
    }),
    create: endpoint({
      method: 'POST', path: '/api/drops', access: 'producer', tags: ['drops'],
      summary: 'Announce a drop hosted by the own household; repeatWeeks (0..12) weekly copies follow',
      body: createDropBody,
      answers: { 201: createDropResponse, 400: e, 401: e, 403: e, 404: e },
    }),
    update: endpoint({
      method: 'PATCH', path: '/api/drops/:id', access: 'producer', tags: ['drops'],
      summary: "Change a hosted drop's place, day, times, title or note (buyers are told of a new place or time)",
      params: idParams, body: updateDropBody,
      answers: { 200: drop, 400: e, 401: e, 403: e, 404: e, 409: e },
    }),
    cancel: endpoint({
      method: 'POST', path: '/api/drops/:id/cancel', access: 'producer', tags: ['drops'],
      summary: 'Cancel a hosted drop: its orders are cancelled, stock returned, buyers notified and mailed',
      params: idParams, body: cancelDropBody,
      answers: { 200: drop, 400: e, 401: e, 403: e, 404: e, 409: e },
    }),
    join: endpoint({
      method: 'PUT', path: '/api/drops/:id/members', access: 'producer', tags: ['drops'],
      summary: "The own household joins a drop (its followers are told once)",
      params: idParams,
      answers: { 200: drop, 400: e, 401: e, 403: e, 404: e, 409: e },
    }),
    leave: endpoint({
      method: 'DELETE', path: '/api/drops/:id/members', access: 'producer', tags: ['drops'],
      summary: 'The own household leaves a drop (409 drop.has_orders while it has orders for it; 409 drop.host_cannot_leave for the host)',
      params: idParams,
      answers: { 200: drop, 400: e, 401: e, 403: e, 404: e, 409: e },
    }),
    mine: endpoint({
      method: 'GET', path: '/api/producer/drops', access: 'producer', tags: ['drops', 'producer'],
      summary: 'The drops the own household hosts or joined (from 7 days ago by default), soonest first, with orderCount',
      query: producerDropsQuery,
      answers: { 200: producerDropsListResponse, 400: e, 401: e, 403: e },
    }),
    picklist: endpoint({
      method: 'GET', path: '/api/producer/drops/:id/picklist', access: 'producer', tags: ['drops', 'producer'],
      summary: "The own household's orders for a drop and what to bring; ?format=pdf gives it as application/pdf (A4)",
      params: idParams, query: picklistQuery,
      answers: { 200: z.union([picklist, pdfDocument]), 400: e, 401: e, 403: e, 404: e },
    }),
    handovers: endpoint({
      method: 'POST', path: '/api/producer/handovers', access: 'producer', tags: ['drops', 'producer'],
      summary: 'Hand-over marks from a device (handed_over -> completed, no_show -> no_show), idempotent by clientId; the later mark of an order wins',
      body: handoverBody,
      answers: { 200: handoverResponse, 400: e, 401: e, 403: e },
    }),
  },

  vitals: {
    report: endpoint({
      method: 'POST', path: '/api/vitals', access: 'anyone', tags: ['vitals'],
      summary: "A sampled visit's Core Web Vitals (INP, LCP in ms, CLS) for a kind of page; kept as histograms in /metrics",
      body: vitalsReport,
      answers: { 204: z.null(), 413: e, 415: e, 429: e },
    }),
  },

  push: {
    key: endpoint({
      method: 'GET', path: '/api/push/key', access: 'anyone', tags: ['notifications'],
      summary: 'The VAPID public key (applicationServerKey) for PushManager.subscribe',
      answers: { 200: pushKeyResponse },
    }),
    subscribe: endpoint({
      method: 'POST', path: '/api/push/subscriptions', access: 'signed-in', tags: ['notifications'],
      summary: "Store this device's Web Push subscription",
      body: pushSubscriptionBody,
      answers: { 201: pushSubscriptionResponse, 404: e },
    }),
    unsubscribe: endpoint({
      method: 'DELETE', path: '/api/push/subscriptions', access: 'signed-in', tags: ['notifications'],
      summary: "Remove one of the caller's Web Push subscriptions",
      body: deletePushSubscriptionBody,
      answers: { 200: okResponse, 404: e },
    }),
  },
} as const;

export type Endpoints = typeof endpoints;
