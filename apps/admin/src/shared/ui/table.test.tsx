import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { Table, type Column } from './table.tsx';

interface Row {
  id: number;
  name: string;
}

describe('Table', () => {
  it('names every column: a hidden heading is still read by screen readers', () => {
    const columns: Column<Row>[] = [
      { key: 'name', header: 'Name', cell: (row) => row.name },
      { key: 'edit', header: 'Actions', hideHeader: true, cell: () => <button type="button">Edit</button> },
    ];
    render(
      <Table columns={columns} rows={[{ id: 1, name: 'Aroni' }]} rowKey={(row) => row.id} label="Games" />,
    );
    const headings = within(screen.getByRole('table', { name: 'Games' })).getAllByRole('columnheader');
    expect(headings.map((heading) => heading.textContent)).toEqual(['Name', 'Actions']);
    expect(within(headings[1]!).getByText('Actions').className).toBe('visually-hidden');
    expect(within(headings[0]!).getByText('Name').className).toBe('');
  });
});
