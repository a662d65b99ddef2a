"""Admin for records the site writes itself (closed Dailies, purchases): staff read them, nobody edits them."""

from django.contrib import admin


class RecordAdmin(admin.ModelAdmin):
    """A read-only admin: no add, change or delete, so the record stays what the services wrote."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
