from django.contrib import admin
from django.urls import include, path

from ledger.web.views.accounts import login_view, signup

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/signup/", signup, name="signup"),
    path("accounts/login/", login_view, name="login"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("ledger.web.urls")),
]

handler500 = "tonk_tracker.outages.server_error"
