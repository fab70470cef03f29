/**
 * The autocomplete's stylesheet, rendered once by React (a <style> with href and precedence is hoisted
 * into <head> and de-duplicated). It follows the product's theme: primary #1f5eff, 8 px radius.
 */
export const addressAutocompleteCss = `
.hsa-ac { position: relative; width: 100%; text-align: left; font-family: inherit; }
.hsa-ac__label { display: block; margin-bottom: 6px; font-size: 14px; font-weight: 600; color: #0f172a; }
.hsa-ac__label--hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.hsa-ac__field { position: relative; }
.hsa-ac__icon { position: absolute; left: 14px; top: 50%; transform: translateY(-50%); color: #5b6577; pointer-events: none; }
.hsa-ac__input {
  display: block; width: 100%; height: 40px; margin: 0; padding: 0 40px 0 42px;
  border: 1px solid #cfd6e1; border-radius: 8px; background: #fff; color: #0f172a;
  font: inherit; font-size: 15px; line-height: 1.4; box-shadow: none; outline: none;
  transition: border-color .15s ease, box-shadow .15s ease;
}
.hsa-ac--large .hsa-ac__input { height: 52px; font-size: 16px; border-radius: 10px; }
.hsa-ac__input::placeholder { color: #6b7485; opacity: 1; }
.hsa-ac__input:hover { border-color: #1f5eff; }
.hsa-ac__input:focus { border-color: #1f5eff; box-shadow: 0 0 0 3px rgba(31, 94, 255, .25); }
.hsa-ac__input:focus-visible { outline: none; }
.hsa-ac__input:disabled { background: #f3f5f8; color: #5b6577; cursor: not-allowed; }
.hsa-ac--invalid .hsa-ac__input { border-color: #dc2626; }
.hsa-ac--invalid .hsa-ac__input:focus { box-shadow: 0 0 0 3px rgba(220, 38, 38, .18); }
.hsa-ac__spinner {
  position: absolute; right: 14px; top: 50%; width: 16px; height: 16px; margin-top: -8px;
  border: 2px solid #dbe4ff; border-top-color: #1f5eff; border-radius: 50%; animation: hsa-ac-spin .8s linear infinite;
}
@keyframes hsa-ac-spin { to { transform: rotate(360deg); } }
.hsa-ac__list {
  position: absolute; z-index: 1050; left: 0; right: 0; top: calc(100% + 6px); margin: 0; padding: 6px;
  list-style: none; background: #fff; border: 1px solid #e3e8ef; border-radius: 12px;
  box-shadow: 0 16px 40px rgba(15, 23, 42, .16); max-height: 320px; overflow-y: auto;
}
.hsa-ac__list[hidden] { display: none; }
.hsa-ac__option { display: flex; flex-direction: column; gap: 1px; padding: 9px 12px; border-radius: 8px; cursor: pointer; }
.hsa-ac__option--active { background: #eef3ff; }
.hsa-ac__street { color: #0f172a; font-weight: 600; font-size: 15px; }
.hsa-ac__rest { color: #4b5567; font-size: 13px; }
.hsa-ac__status { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.hsa-ac__error { margin: 6px 0 0; color: #dc2626; font-size: 14px; }
.hsa-ac__hint { margin: 6px 0 0; color: #4b5567; font-size: 13px; }
@media (prefers-reduced-motion: reduce) { .hsa-ac__spinner { animation-duration: 2s; } }
`;
