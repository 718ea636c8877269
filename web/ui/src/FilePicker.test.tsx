import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FilePicker } from './FilePicker.tsx';

describe('FilePicker', () => {
  it('speaks the page language: the button and the empty state come from the props', () => {
    const html = renderToString(
      <FilePicker
        label="Вложение"
        chooseText="Выбрать файл"
        noneText="Файл не выбран"
        accept=".pdf"
        onFiles={() => {}}
      />,
    );
    expect(html).toContain('Выбрать файл');
    expect(html).toContain('Файл не выбран');
    expect(html).toContain('Вложение');
  });

  it('keeps a real, labelled file input that the label button opens', () => {
    const html = renderToString(
      <FilePicker label="Files" chooseText="Choose" noneText="None" multiple onFiles={() => {}} />,
    );
    const input = /<input[^>]*type="file"[^>]*>/.exec(html)?.[0] ?? '';
    expect(input).toContain('multiple');
    const id = /id="([^"]+)"/.exec(input)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`for="${id}"`);
    expect(input).toMatch(/aria-labelledby="[^"]+-label [^"]+-button"/);
    expect(input).toMatch(/aria-describedby="[^"]+-chosen"/);
  });
});
