import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs.tsx';

function Example({ onChange }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState('a');
  return (
    <Tabs value={value} onValueChange={(next) => { setValue(next); onChange?.(next); }}>
      <TabsList aria-label="Sections">
        <TabsTrigger value="a">Alpha</TabsTrigger>
        <TabsTrigger value="b">Beta</TabsTrigger>
        <TabsTrigger value="c" disabled>Gamma</TabsTrigger>
        <TabsTrigger value="d">Delta</TabsTrigger>
      </TabsList>
      <TabsContent value="a">Panel A</TabsContent>
      <TabsContent value="b">Panel B</TabsContent>
      <TabsContent value="d">Panel D</TabsContent>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('has the tab roles, one tab in the tab order, and its panel labelled by it', () => {
    render(<Example />);
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeInTheDocument();
    const alpha = screen.getByRole('tab', { name: 'Alpha' });
    expect(alpha).toHaveAttribute('aria-selected', 'true');
    expect(alpha).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Beta' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Alpha' })).toHaveTextContent('Panel A');
    expect(screen.queryByText('Panel B')).not.toBeInTheDocument();
  });

  it('switches on click, and with arrows, Home and End skipping disabled tabs', async () => {
    const user = userEvent.setup();
    const changes: string[] = [];
    render(<Example onChange={(v) => changes.push(v)} />);
    await user.click(screen.getByRole('tab', { name: 'Beta' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel B');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Delta' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel D');
    await user.keyboard('{ArrowRight}'); // wraps around
    expect(screen.getByRole('tab', { name: 'Alpha' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Delta' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Delta' })).toHaveFocus();
    expect(changes).toEqual(['b', 'd', 'a', 'd', 'a', 'd']);
  });

  it('keeps its own state without a value', async () => {
    render(
      <Tabs defaultValue="x">
        <TabsList><TabsTrigger value="x">X</TabsTrigger><TabsTrigger value="y">Y</TabsTrigger></TabsList>
        <TabsContent value="x">Panel X</TabsContent>
        <TabsContent value="y">Panel Y</TabsContent>
      </Tabs>,
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Y' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel Y');
  });
});
