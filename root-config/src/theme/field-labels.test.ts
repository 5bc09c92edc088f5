import { beforeEach, describe, expect, it } from 'vitest';
import { nameFieldControls } from './field-labels';

/** The accessible name a screen reader reads for `control`, from its aria-labelledby or aria-label. */
const nameOf = (control: Element) =>
  control.getAttribute('aria-label') ??
  (control.getAttribute('aria-labelledby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('tying form captions to their controls', () => {
  beforeEach(() => {
    document.body.innerHTML = `
      <form class="ui form">
        <div class="field"><label>手机号</label><div class="ui input"><input name="mobile"></div></div>
        <div class="field"><label>分类</label><div role="listbox" class="ui selection dropdown"></div></div>
        <div class="field"><label>外层</label><div class="field"><label>内层</label><textarea></textarea></div></div>
        <div class="field"><label for="own">已关联</label><input id="own" name="own"></div>
        <div class="field"><label>不覆盖</label><input name="named" aria-label="原有名称"></div>
        <div class="ui checkbox"><input type="checkbox" class="hidden"><label>我已阅读并同意</label></div>
        <div class="ui labeled input"><div class="ui label">我的推荐码</div><input readonly value="ABC"></div>
        <div class="ui search selection dropdown" role="combobox" aria-label="镜像"><input class="search" name="image"></div>
        <div class="field"><label for="tags">标签</label><div id="tags" class="ui search selection dropdown"><input class="search" name="tags"></div></div>
      </form>`;
    nameFieldControls(document.body);
  });

  it("names a field's input, dropdown and textarea by the field's own caption", () => {
    expect(nameOf(document.querySelector('input[name="mobile"]')!)).toBe('手机号');
    expect(nameOf(document.querySelector('[role="listbox"]')!)).toBe('分类');
    expect(nameOf(document.querySelector('textarea')!)).toBe('内层');
  });

  it('names a checkbox by its label, a labeled input by its label box, and a search box as its dropdown', () => {
    expect(nameOf(document.querySelector('input[type="checkbox"]')!)).toBe('我已阅读并同意');
    expect(nameOf(document.querySelector('input[readonly]')!)).toBe('我的推荐码');
    expect(nameOf(document.querySelector('input[name="image"]')!)).toBe('镜像');
    expect(nameOf(document.querySelector('input[name="tags"]')!)).toBe('标签');
  });

  it('leaves a control that already has a name as it was', () => {
    expect(document.querySelector('#own')!.hasAttribute('aria-labelledby')).toBe(false);
    expect(nameOf(document.querySelector('input[name="named"]')!)).toBe('原有名称');
  });
});
