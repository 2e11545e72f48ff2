import { describe, expect, it } from 'vitest';
import { classesIn, criticalCss } from '../../../../server/lib/critical-css';

// The part of a stylesheet a page's first paint needs: rules whose classes the markup uses.
const keep = (css: string, ...classes: string[]) => criticalCss(css, new Set(classes));

describe('the critical part of a stylesheet', () => {
  it('keeps the rules whose classes the page uses, and drops the others', () => {
    expect(keep('.flex{display:flex}.grid{display:grid}.flex.hidden{display:none}', 'flex')).toBe(
      '.flex{display:flex}',
    );
  });

  it('reads escaped class names as the markup writes them', () => {
    const css =
      '.sm\\:flex{display:flex}.w-1\\/2{width:50%}.\\32 xl\\:p-4{padding:1rem}.has-\\[\\:checked\\]\\:ring:has(:checked){--r:1}';
    expect(keep(css, 'sm:flex', '2xl:p-4')).toBe('.sm\\:flex{display:flex}.\\32 xl\\:p-4{padding:1rem}');
    expect(keep(css, 'has-[:checked]:ring')).toBe('.has-\\[\\:checked\\]\\:ring:has(:checked){--r:1}');
  });

  it('keeps a selector list when one selector may match, and :is() when one of its selectors may', () => {
    expect(keep('.a,.b{color:red}', 'b')).toBe('.a,.b{color:red}');
    expect(keep('.dark :is(.a,.b){color:red}', 'dark', 'b')).toBe('.dark :is(.a,.b){color:red}');
    expect(keep('.dark :is(.a,.b){color:red}', 'dark')).toBe('');
  });

  it('needs no element for a class inside :not() or :has(), nor in an attribute value', () => {
    expect(keep('.a:not(.b){color:red}', 'a')).toBe('.a:not(.b){color:red}');
    expect(keep('.a:has(.b){color:red}', 'a')).toBe('.a:has(.b){color:red}');
    expect(keep('a[href$=".pdf"]{color:red}')).toBe('a[href$=".pdf"]{color:red}');
  });

  it('keeps element rules and the at-rules without style rules, and drops a group left empty', () => {
    const css =
      '/*! banner */@layer theme,base;@layer base{*,:after{box-sizing:border-box}}' +
      '@media (width>=40rem){.sm\\:flex{display:flex}}@supports (color:red){.a{color:red}.b{color:blue}}' +
      '@property --tw-x{syntax:"*";inherits:false}@keyframes spin{to{transform:rotate(360deg)}}';
    expect(keep(css, 'b')).toBe(
      '@layer theme,base;@layer base{*,:after{box-sizing:border-box}}@supports (color:red){.b{color:blue}}' +
        '@property --tw-x{syntax:"*";inherits:false}@keyframes spin{to{transform:rotate(360deg)}}',
    );
  });

  it('is not misled by braces in a quoted value', () => {
    expect(keep('.a{content:"}"}.b{color:red}', 'b')).toBe('.b{color:red}');
  });
});

describe('the classes a page uses', () => {
  it('are read from its class attributes, entities decoded', () => {
    const html = '<p class="flex  sm:block">a</p><i class="w-[calc(1px&amp;2)] content-[&#x27;x&#x27;]"></i>';
    expect([...classesIn(html)]).toEqual(['flex', 'sm:block', 'w-[calc(1px&2)]', "content-['x']"]);
  });
});
