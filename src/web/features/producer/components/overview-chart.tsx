import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ProducerDailySales } from '#shared/contracts/producer.ts';

/**
 * The 30-day bar chart. recharts is heavy, so this file is loaded lazily by the overview
 * and weighs on no other route. It is decorative for screen readers: the overview carries
 * the same figures as a table.
 */
export default function OverviewChart({ daily, formatDay, formatMoney, formatAxis, salesLabel }: {
  daily: ProducerDailySales[];
  formatDay: (date: string) => string;
  formatMoney: (rsd: number) => string;
  /** Compact amounts in the user's language (Intl.NumberFormat, notation "compact"). */
  formatAxis: (rsd: number) => string;
  salesLabel: string;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={daily} margin={{ top: 8, right: 4, bottom: 0, left: 4 }}>
        <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-border" />
        <XAxis dataKey="date" tickFormatter={formatDay} tickLine={false} axisLine={false} fontSize={11} minTickGap={16} />
        <YAxis width={60} tickLine={false} axisLine={false} fontSize={11} tickFormatter={(v: number) => formatAxis(v)} />
        <Tooltip
          cursor={{ className: 'fill-muted' }}
          labelFormatter={(label) => formatDay(String(label))}
          formatter={(value) => [formatMoney(Number(value)), salesLabel]}
        />
        <Bar dataKey="total" name={salesLabel} radius={[4, 4, 0, 0]} className="fill-primary" fill="currentColor" />
      </BarChart>
    </ResponsiveContainer>
  );
}
