import type { PublicProfile } from '@shared/content';
import { Sheet, SheetContent } from '@/components/ui/sheet';
import { ProfileSidebar } from './profile-sidebar';

/**
 * The sidebar as a slide-in drawer for small screens, with a backdrop and a close button.
 * Default export: the page loads it lazily (the dialog machinery is not needed on large screens).
 */
export default function ProfileDrawer({
  open,
  onOpenChange,
  profile,
  isError,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  profile: PublicProfile | undefined;
  isError: boolean;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent title="Profile" closeLabel="Close profile menu" className="overflow-y-auto lg:hidden">
        <ProfileSidebar profile={profile} isError={isError} onNavigate={() => onOpenChange(false)} />
      </SheetContent>
    </Sheet>
  );
}
