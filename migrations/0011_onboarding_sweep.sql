ALTER TABLE `onboarding` ADD `change_token` text;--> statement-breakpoint
ALTER TABLE `onboarding` ADD `form_checked_at` text;--> statement-breakpoint
ALTER TABLE `onboarding` ADD `pci_checked_at` text;--> statement-breakpoint
CREATE INDEX `onboarding_form_link_expiry` ON `onboarding` (`onboarding_url_expires_at`);--> statement-breakpoint
CREATE INDEX `onboarding_pci_checked` ON `onboarding` (`pci_checked_at`);