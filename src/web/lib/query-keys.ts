/**
 * Every TanStack Query key of the app, one factory per feature, so a feature invalidates
 * another's data by name (`queryKeys.orders.all`) without importing it (features do not import
 * each other). Keys are hierarchical: invalidating `all` refreshes every key below it.
 * A new query adds its key here first.
 */
export const queryKeys = {
  products: {
    all: ['products'] as const,
    list: (filters: object) => ['products', 'list', filters] as const,
    detail: (id: string) => ['products', 'detail', id] as const,
    /** The producer's own products, published or not. */
    own: ['products', 'own'] as const,
    /** Nearby spellings for a search that found nothing. */
    suggestions: (q: string) => ['products', 'suggestions', q] as const,
  },
  households: {
    all: ['households'] as const,
    list: ['households', 'list'] as const,
    /** The user is part of the key: isFollowing differs per user. */
    detail: (id: string, userId: string | null) => ['households', 'detail', id, userId] as const,
    /** Under 'households' so a follow or unfollow refreshes it with the households. */
    following: (userId: string, limit: number) => ['households', 'following', userId, limit] as const,
    /** What checkout reads of a household (pickup points, delivery, payment); the same for every user. */
    checkout: (id: string) => ['households', 'checkout', id] as const,
    /** Pickup windows and delivery days: they move with the clock. */
    slots: (id: string) => ['households', 'slots', id] as const,
  },
  me: {
    all: ['me'] as const,
    profile: (userId: string | undefined) => ['me', userId] as const,
    phone: ['me', 'phone'] as const,
  },
  orders: {
    all: ['orders'] as const,
    mine: ['orders', 'mine'] as const,
    producer: (status: string | undefined) => ['orders', 'producer', status ?? 'all'] as const,
  },
  /** Standing orders (docs/standing-orders.md); a cycle's order also refreshes `orders`. */
  standing: {
    all: ['standing'] as const,
    mine: ['standing', 'mine'] as const,
    demand: (from: string, days: number) => ['standing', 'demand', from, days] as const,
    /** The household's pickup points and payment, as the standing order dialog reads them. */
    household: (id: string) => ['standing', 'household', id] as const,
  },
  stories: {
    all: ['stories'] as const,
    list: (householdId: string | undefined) => ['stories', householdId ?? 'all'] as const,
    own: (householdId: string) => ['stories', 'own', householdId] as const,
  },
  reviews: {
    all: ['reviews'] as const,
    ofProduct: (productId: string) => ['reviews', productId] as const,
  },
  buyers: {
    all: ['buyers'] as const,
    detail: (id: string) => ['buyers', id] as const,
    reviews: (id: string) => ['buyers', id, 'reviews'] as const,
  },
  producer: {
    all: ['producer'] as const,
    overview: ['producer', 'overview'] as const,
  },
  /** The operator console's lists. */
  admin: {
    all: ['admin'] as const,
    producers: (status: string) => ['admin', 'producers', status] as const,
    products: (q: string, promoted: boolean | undefined) => ['admin', 'products', q, promoted ?? 'all'] as const,
    reports: (status: string) => ['admin', 'reports', status] as const,
    users: (q: string) => ['admin', 'users', q] as const,
    audit: ['admin', 'audit'] as const,
    stats: (days: number) => ['admin', 'stats', days] as const,
  },
  saved: {
    all: ['saved'] as const,
    /** Every saved product of the user (all pages): the profile list and each save toggle. */
    products: (userId: string) => ['saved', 'products', userId] as const,
    /** The user's saved delivery addresses. */
    addresses: (userId: string) => ['saved', 'addresses', userId] as const,
  },
  /** The signed-in buyer's waitlist entries and holds (docs/product.md, "Pre-orders and the waitlist"). */
  waitlist: {
    mine: (userId: string) => ['waitlist', 'mine', userId] as const,
  },
  messages: {
    all: ['messages'] as const,
    conversation: (orderId: string) => ['messages', 'order', orderId] as const,
    unread: ['messages', 'unread'] as const,
    /** The orders the signed-in producer shares with a buyer (the buyer page's Message button). */
    shared: (buyerId: string) => ['messages', 'shared', buyerId] as const,
  },
  /** Drops (docs/drops.md): the public list and pages, the producer's own, their pick lists. */
  drops: {
    all: ['drops'] as const,
    list: (filters: object) => ['drops', 'list', filters] as const,
    detail: (id: string) => ['drops', 'detail', id] as const,
    own: ['drops', 'own'] as const,
    picklist: (id: string) => ['drops', 'picklist', id] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    list: ['notifications', 'list'] as const,
    settings: ['notifications', 'settings'] as const,
    sms: ['notifications', 'sms'] as const,
  },
} as const;
