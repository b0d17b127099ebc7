/** Sign-in and register buttons of the mobile drawer, or the account links when signed in. */
export function DrawerAccount() {
  return (
    <div className="flex gap-2">
      <button type="button" className="flex-1 rounded bg-brand px-3 py-2 text-sm font-semibold text-white">
        Đăng nhập
      </button>
      <button type="button" className="flex-1 rounded border border-brand px-3 py-2 text-sm font-semibold text-brand">
        Đăng ký
      </button>
    </div>
  );
}
