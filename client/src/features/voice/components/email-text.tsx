/** An e-mail address that wraps before the "@" on narrow screens instead of mid-domain. */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  return (
    <strong className={`[overflow-wrap:anywhere] ${className ?? ''}`}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </strong>
  );
}
