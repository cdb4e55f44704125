import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Stats } from '#shared/contracts/admin.ts';

/**
 * Orders (bars) and revenue (line) by day. recharts is heavy: this file is loaded lazily by
 * the console. Decorative for screen readers: the cards above carry the figures.
 */
export default function StatsChart({ byDay, formatDay, formatMoney, ordersLabel, revenueLabel }: {
  byDay: Stats['byDay'];
  formatDay: (date: string) => string;
  formatMoney: (rsd: number) => string;
  ordersLabel: string;
  revenueLabel: string;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={byDay} margin={{ top: 8, right: 4, bottom: 0, left: 4 }}>
        <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-border" />
        <XAxis dataKey="date" tickFormatter={formatDay} tickLine={false} axisLine={false} fontSize={11} minTickGap={16} />
        <YAxis yAxisId="orders" allowDecimals={false} width={32} tickLine={false} axisLine={false} fontSize={11} />
        <YAxis yAxisId="revenue" orientation="right" width={64} tickLine={false} axisLine={false} fontSize={11} />
        <Tooltip
          labelFormatter={(label) => formatDay(String(label))}
          formatter={(value, name) => (name === revenueLabel ? [formatMoney(Number(value)), revenueLabel] : [String(value), ordersLabel])}
        />
        <Bar yAxisId="orders" dataKey="orders" name={ordersLabel} radius={[4, 4, 0, 0]} className="fill-primary" fill="currentColor" />
        <Line yAxisId="revenue" dataKey="revenue" name={revenueLabel} type="monotone" dot={false} stroke="#c0392b" strokeWidth={2} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
