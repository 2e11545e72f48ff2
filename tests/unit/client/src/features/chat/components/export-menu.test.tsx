// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExportMenu } from '@/features/chat/components/export-menu';

afterEach(cleanup);

describe('the export menu', () => {
  it('works from the keyboard: first item focused, arrows move, Escape returns to the button', () => {
    const onExport = vi.fn();
    render(<ExportMenu className="" canExport isExporting={false} onExport={onExport} />);
    const button = screen.getByRole('button', { name: 'Export transcript' });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    const menu = screen.getByRole('menu', { name: 'Export transcript as' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'JSON (.json)' }));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Markdown (.md)' }));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'JSON (.json)' }));
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(onExport).not.toHaveBeenCalled();
  });

  it('exports the chosen format and closes; a click elsewhere closes it too', () => {
    const onExport = vi.fn();
    render(<ExportMenu className="" canExport isExporting={false} onExport={onExport} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export transcript' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Markdown (.md)' }));
    expect(onExport).toHaveBeenCalledWith('md');
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Export transcript' }));
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('cannot open before there is something to export', () => {
    render(<ExportMenu className="" canExport={false} isExporting={false} onExport={vi.fn()} />);
    expect((screen.getByRole('button', { name: 'Export transcript' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
