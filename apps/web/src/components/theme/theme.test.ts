import { describe, expect, it } from 'vitest';
import { cssProperties, theme } from './theme';

describe("the app's colours, written once in base.css", () => {
  it('MUI draws with them: the blue, the page and the text of the plain first screen', () => {
    expect(theme.palette.primary.main).toBe('#1d4ed8');
    expect(theme.palette.primary.dark).toBe('#1e3a8a');
    expect(theme.palette.background.default).toBe('#f3f5f9');
    expect(theme.palette.text.primary).toBe('#111827');
    expect(theme.typography.fontFamily).toBe('"Inter", "Roboto", "Segoe UI", "Helvetica Neue", Arial, sans-serif');
  });

  it("reads only :root's --bo-* properties", () => {
    expect(
      cssProperties(
        ':root {\n  --bo-a: #fff;\n  --other: 1px;\n  --bo-font: "X", sans-serif;\n}\nbody { --bo-b: red; }',
      ),
    ).toEqual({ '--bo-a': '#fff', '--bo-font': '"X", sans-serif' });
  });
});
